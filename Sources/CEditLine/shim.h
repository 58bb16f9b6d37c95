#include <stdio.h>
#include <editline/readline.h>

// Swift 6 refuses to touch C global variables (shared mutable state): the few of readline's
// that em sets or reads, through functions.

/// rl_attempted_completion_function = function.
static inline void em_rl_set_attempted_completion_function(rl_completion_func_t *function) {
    rl_attempted_completion_function = function;
}

/// rl_attempted_completion_over = over.
static inline void em_rl_set_attempted_completion_over(int over) {
    rl_attempted_completion_over = over;
}

/// rl_line_buffer: the line being edited.
static inline const char *em_rl_line_buffer(void) {
    return rl_line_buffer;
}

/// rl_getc_function = function: libedit then reads every character typed with it (set before
/// libedit's first call).
static inline void em_rl_set_getc_function(int (*function)(FILE *)) {
    rl_getc_function = function;
}
