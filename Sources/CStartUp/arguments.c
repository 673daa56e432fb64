// CStartUp: the command line's arguments for the Swift runtime, as the C
// library hands them to constructors.
//
// The statically linked Swift runtime finds `CommandLine.arguments` through a
// static initialiser of its own that reads /proc/self/maps with sscanf to find
// the stack and, on it, argv: about 370,000 instructions and the kernel's
// listing of every mapping, some 0.3 ms of each start. glibc passes argc and
// argv to every ELF constructor; this file's keeps them, and defines the two
// functions the runtime's CommandLine.cpp defines, so the linker never takes that
// file (nor its initialiser) from the runtime's archive. Should the runtime's
// file come to define another symbol the program uses, the link fails with a
// duplicate definition (loud); should it rename these two, its initialiser runs
// again and nothing else changes. With the runtime as a shared library (the
// development build), these definitions come first and give the same values.
#include <stddef.h>
#include <stdint.h>

// Only glibc hands constructors the arguments (musl calls them with none): with
// another C library, the runtime keeps finding them its own way.
#if defined(__GLIBC__)

static char *no_arguments[] = {NULL};
static char **kept_argv = no_arguments;
static int32_t kept_argc;
static char **override_argv;
static int32_t override_argc;

__attribute__((constructor(101))) static void keep_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv != NULL && argc >= 0) {
        kept_argv = argv;
        kept_argc = argc;
    }
}

// The runtime's own signatures (SwiftShims' RuntimeStubs.h).
char **_swift_stdlib_getUnsafeArgvArgc(int32_t *outArgLen);
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int32_t argc);

char **_swift_stdlib_getUnsafeArgvArgc(int32_t *outArgLen) {
    if (override_argv != NULL) {
        *outArgLen = override_argc;
        return override_argv;
    }
    *outArgLen = kept_argc;
    return kept_argv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int32_t argc) {
    override_argv = argv;
    override_argc = argc;
}

#endif
