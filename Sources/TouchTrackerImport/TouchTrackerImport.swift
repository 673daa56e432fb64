// TouchTrackerImport: touchscreen and pen recordings people attach to bug
// reports (`libinput record` YAML, `evemu-record` text) turned into the core's
// own TouchEvents and PenEvents, so a replay goes through exactly the code live
// touches and pens do. Text in, values out: it owns the two file formats, the
// kernel's multi-touch protocol (type B slots, single-touch BTN_TOUCH), its
// tablet protocol (tools in proximity, BTN_TOUCH, ABS_PRESSURE) and the fit of
// a device's axes into a window. It must not import CX11, Glibc or Foundation,
// and never opens a file: the shell reads it and hands the text over. libyaml
// (CYAML) composes the YAML, in YAMLDocument alone, the module's only C.
