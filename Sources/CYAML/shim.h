// CYAML: libyaml (YAML 1.1) for Swift, for `libinput record` files: its
// document API composes the whole file into nodes, which
// TouchTrackerImport's YAMLDocument owns and walks.
//
// libyaml is opened (dlopen) at the first recording read, not linked: every
// start loaded and relocated it, and looked up 35 of its symbols, before the
// window showed (about 110,000 instructions), for the few starts that replay a
// recording. yaml.h gives the types; `cyaml_open` the functions.
#ifndef TOUCHTRACKER_CYAML_SHIM_H
#define TOUCHTRACKER_CYAML_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <yaml.h>

/// The library's file name: libyaml's soname, as Debian's libyaml-0-2 installs it.
#define CYAML_LIBRARY "libyaml-0.so.2"

// Every libyaml function the program calls.
#define CYAML_FUNCTIONS(F) \
    F(yaml_parser_initialize) F(yaml_parser_delete) F(yaml_parser_set_encoding) \
    F(yaml_parser_set_input_string) F(yaml_parser_load) F(yaml_document_delete) \
    F(yaml_document_get_root_node) F(yaml_document_get_node)

/// One field a function, named and typed as yaml.h declares it.
struct cyaml_functions {
#define CYAML_FIELD(name) __typeof__(&name) _Nonnull name;
    CYAML_FUNCTIONS(CYAML_FIELD)
#undef CYAML_FIELD
};

/// What opening the library gave (each copy of these inline functions has its own).
struct cyaml_state {
    struct cyaml_functions functions;
    /// Why the library could not be opened ("" when it was).
    char failure[256];
};

static inline struct cyaml_state *_Nonnull cyaml_state(void) {
    static struct cyaml_state state;
    return &state;
}

static inline void cyaml_load(void) {
    struct cyaml_state *state = cyaml_state();
    void *library = dlopen(CYAML_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *error = dlerror();
        snprintf(state->failure, sizeof state->failure, "%s", error != NULL ? error : CYAML_LIBRARY " cannot be opened");
        return;
    }
#define CYAML_LOAD(name) \
    if (state->failure[0] == 0 && (state->functions.name = (__typeof__(&name))dlsym(library, #name)) == NULL) \
        snprintf(state->failure, sizeof state->failure, "%s lacks %s", CYAML_LIBRARY, #name);
    CYAML_FUNCTIONS(CYAML_LOAD)
#undef CYAML_LOAD
}

static inline struct cyaml_state *_Nonnull cyaml_opened_state(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cyaml_load);
    return cyaml_state();
}

/// The functions of the installed libyaml, opened once (from any thread);
/// NULL when it cannot be opened or lacks one of them: `cyaml_open_failure` says why.
static inline const struct cyaml_functions *_Nullable cyaml_open(void) {
    struct cyaml_state *state = cyaml_opened_state();
    return state->failure[0] == 0 ? &state->functions : NULL;
}

/// Why `cyaml_open` returned NULL.
static inline const char *_Nonnull cyaml_open_failure(void) { return cyaml_opened_state()->failure; }

#endif
