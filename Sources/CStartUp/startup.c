// CStartUp (see include/CStartUp.h): the locale and fontconfig's thread,
// begun by a constructor that runs before the Swift runtime's.
#define _GNU_SOURCE
#include "CStartUp.h"

#include <errno.h>
#include <fcntl.h>
#include <fontconfig/fontconfig.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int locale_state;  // 0: not set yet, 1: set, -1: the system lacks it
static pthread_t reader;
static bool reading;      // a thread was begun and not joined yet
static bool begun;        // a thread was begun, joined or not
static atomic_bool read_done;  // the begun thread's reading is over
static int done_fd = -1;  // readable once read_done; open until released after the join
static char choice_path[PATH_MAX];
static int choice_state;  // 0: not made yet, 1: made, -1: no folder known

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
    atomic_store(&read_done, true);
    // Wakes the event loop's poll(); the descriptor is closed only after the
    // join, so it is open here.
    if (done_fd >= 0) {
        uint64_t one = 1;
        while (write(done_fd, &one, sizeof one) < 0 && errno == EINTR) {}
    }
    return NULL;
}

static void start_fontconfig(void) {
    pthread_mutex_lock(&lock);
    if (!begun) {
        begun = true;
        done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        reading = pthread_create(&reader, NULL, read_configuration, NULL) == 0;
        // Without a thread the first font reads the configuration itself.
        if (!reading) {
            atomic_store(&read_done, true);
            if (done_fd >= 0) close(done_fd);
            done_fd = -1;
        }
    }
    pthread_mutex_unlock(&lock);
}

void cstartup_begin_fontconfig(void) { start_fontconfig(); }

bool cstartup_fontconfig_read(void) {
    pthread_mutex_lock(&lock);
    // With no descriptor to say when, the caller waits (a process out of descriptors).
    bool done = !begun || atomic_load(&read_done) || (reading && done_fd < 0);
    pthread_mutex_unlock(&lock);
    return done;
}

int cstartup_fontconfig_read_fd(void) {
    pthread_mutex_lock(&lock);
    int fd = reading ? done_fd : -1;
    pthread_mutex_unlock(&lock);
    return fd;
}

void cstartup_fontconfig_release_fd(void) {
    pthread_mutex_lock(&lock);
    if (begun && !reading && done_fd >= 0) {
        close(done_fd);
        done_fd = -1;
    }
    pthread_mutex_unlock(&lock);
}

// XDG_CACHE_HOME when it names an absolute folder (the specification
// ignores a relative one), else ~/.cache.
const char *cstartup_font_choice_path(void) {
    pthread_mutex_lock(&lock);
    if (choice_state == 0) {
        const char *cache = getenv("XDG_CACHE_HOME");
        const char *home = getenv("HOME");
        int length = -1;
        if (cache != NULL && cache[0] == '/') {
            length = snprintf(choice_path, sizeof choice_path, "%s/touchtracker/font-choice", cache);
        } else if (home != NULL && home[0] == '/') {
            length = snprintf(choice_path, sizeof choice_path, "%s/.cache/touchtracker/font-choice", home);
        }
        choice_state = length > 0 && (size_t)length < sizeof choice_path ? 1 : -1;
    }
    const char *path = choice_state == 1 ? choice_path : NULL;
    pthread_mutex_unlock(&lock);
    return path;
}

void cstartup_wait_for_fontconfig(void) {
    pthread_mutex_lock(&lock);
    if (reading) {
        pthread_join(reader, NULL);
        reading = false;
        // done_fd stays open: the event loop may still poll it (another font
        // may join first); cstartup_fontconfig_release_fd closes it.
    }
    pthread_mutex_unlock(&lock);
}

static const char *marks_path;  // NULL: no marks are kept
static struct { char name[32]; long long nanoseconds; } marks[32];
static int mark_count;
static bool marks_written;

void cstartup_mark(const char *name) {
    if (marks_path == NULL || mark_count == (int)(sizeof marks / sizeof marks[0])) return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    snprintf(marks[mark_count].name, sizeof marks[mark_count].name, "%s", name);
    marks[mark_count].nanoseconds = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
    mark_count++;
}

bool cstartup_write_marks(void) {
    if (marks_path == NULL || marks_written) return true;
    marks_written = true;
    char text[sizeof marks / sizeof marks[0] * 64];
    size_t length = 0;
    for (int i = 0; i < mark_count && length < sizeof text; i++) {
        int written = snprintf(text + length, sizeof text - length, "%s\t%lld\n", marks[i].name, marks[i].nanoseconds);
        if (written < 0) return false;
        length += (size_t)written;
    }
    if (length > sizeof text) length = sizeof text;
    int fd = open(marks_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0600);
    if (fd < 0) return false;
    bool whole = write(fd, text, length) == (ssize_t)length;
    return close(fd) == 0 && whole;
}

// Before the Swift runtime's initialisers (which have the default priority).
// The locale first: setlocale must not run beside a thread that reads it.
// A test bundle links the program's code too, and starts neither.
__attribute__((constructor(101))) static void start_early(void) {
    size_t length = strlen(program_invocation_short_name);
    if (length >= 7 && strcmp(program_invocation_short_name + length - 7, ".xctest") == 0) return;
    const char *marks_file = getenv("TOUCHTRACKER_STARTUP_MARKS");
    if (marks_file != NULL && marks_file[0] == '/') {
        marks_path = marks_file;
        cstartup_mark("constructor");
    }
    cstartup_set_locale();
    // A remembered choice opens its font file without the configuration;
    // reading it beside the start-up only took a processor from it. Only a
    // regular file can be one: a folder there would never be replaced.
    const char *path = cstartup_font_choice_path();
    struct stat info;
    if (path == NULL || stat(path, &info) != 0 || !S_ISREG(info.st_mode) || access(path, R_OK) != 0) start_fontconfig();
}
