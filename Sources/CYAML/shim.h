// CYAML: libyaml (YAML 1.1) for Swift, for `libinput record` files: its
// document API composes the whole file into nodes, which
// TouchTrackerImport's YAMLDocument owns and walks. Nothing needs wrapping.
#ifndef TOUCHTRACKER_CYAML_SHIM_H
#define TOUCHTRACKER_CYAML_SHIM_H

#include <yaml.h>

#endif
