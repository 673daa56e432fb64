// CCairo: cairo's image surface, for `--export FILE.png` without an X display:
// the drawing rasterised in memory (antialiased), then written by libpng.
//
// cairo is opened (dlopen) the first time a PNG is exported, not linked: with
// pixman, xcb-shm and xcb-render it was four of the libraries every start
// loaded and relocated before the window showed, for a path few starts take.
// cairo.h gives the types and the constants; `ccairo_open` the functions.
#ifndef TOUCHTRACKER_CCAIRO_SHIM_H
#define TOUCHTRACKER_CCAIRO_SHIM_H

#include <cairo/cairo.h>
#include <dlfcn.h>
#include <stddef.h>

// Every cairo function the program calls.
#define CCAIRO_FUNCTIONS(F) \
    F(cairo_image_surface_create) F(cairo_image_surface_get_data) F(cairo_image_surface_get_stride) \
    F(cairo_surface_status) F(cairo_surface_flush) F(cairo_surface_destroy) \
    F(cairo_create) F(cairo_destroy) F(cairo_save) F(cairo_restore) F(cairo_translate) F(cairo_scale) \
    F(cairo_set_source_rgb) F(cairo_paint) F(cairo_set_line_cap) F(cairo_set_line_join) \
    F(cairo_set_line_width) F(cairo_move_to) F(cairo_line_to) F(cairo_new_sub_path) F(cairo_arc) F(cairo_stroke)

/// One field a function, named and typed as cairo.h declares it.
struct ccairo_functions {
#define CCAIRO_FIELD(name) __typeof__(&name) _Nonnull name;
    CCAIRO_FUNCTIONS(CCAIRO_FIELD)
#undef CCAIRO_FIELD
};

/// The functions of the installed libcairo, opened at the first call; NULL
/// when it cannot be opened or lacks one of them. Not thread-safe: only
/// --export calls it, on the one thread it runs on.
static inline const struct ccairo_functions *_Nullable ccairo_open(void) {
    static struct ccairo_functions functions;
    static int state;  // 0: not tried yet, 1: opened, -1: failed
    if (state == 0) {
        void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
        state = library != NULL ? 1 : -1;
#define CCAIRO_LOAD(name) \
        if (state == 1 && (functions.name = (__typeof__(&name))dlsym(library, #name)) == NULL) state = -1;
        CCAIRO_FUNCTIONS(CCAIRO_LOAD)
#undef CCAIRO_LOAD
    }
    return state == 1 ? &functions : NULL;
}

#endif
