// CStartUp (see include/CStartUp.h): the locale and fontconfig's thread,
// begun by a constructor that runs before the Swift runtime's.
#define _GNU_SOURCE
#include "CStartUp.h"

#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int locale_state;  // 0: not set yet, 1: set, -1: the system lacks it
static pthread_t reader;
static bool reading;      // a thread was begun and not joined yet

bool cstartup_set_locale(void) {
    pthread_mutex_lock(&lock);
    if (locale_state == 0) {
        // Nothing C parses or prints (fontconfig's configuration, its
        // patterns) may turn a decimal point into a comma.
        locale_state = setlocale(LC_ALL, "") != NULL ? 1 : -1;
        if (locale_state == 1) setlocale(LC_NUMERIC, "C");
    }
    bool set = locale_state == 1;
    pthread_mutex_unlock(&lock);
    return set;
}

static void *read_configuration(void *unused) {
    (void)unused;
    // The signals belong to the event loop's thread, whose poll() they interrupt.
    sigset_t blocked;
    sigfillset(&blocked);
    pthread_sigmask(SIG_BLOCK, &blocked, NULL);
    FcInit();
    return NULL;
}

static void start_fontconfig(void) {
    pthread_mutex_lock(&lock);
    reading = pthread_create(&reader, NULL, read_configuration, NULL) == 0;
    pthread_mutex_unlock(&lock);
}

void cstartup_wait_for_fontconfig(void) {
    pthread_mutex_lock(&lock);
    if (reading) {
        pthread_join(reader, NULL);
        reading = false;
    }
    pthread_mutex_unlock(&lock);
}

// Before the Swift runtime's initialisers (which have the default priority).
// The locale first: setlocale must not run beside a thread that reads it.
// A test bundle links the program's code too, and starts neither.
__attribute__((constructor(101))) static void start_early(void) {
    size_t length = strlen(program_invocation_short_name);
    if (length >= 7 && strcmp(program_invocation_short_name + length - 7, ".xctest") == 0) return;
    cstartup_set_locale();
    start_fontconfig();
}
