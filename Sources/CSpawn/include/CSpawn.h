#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// pipe2(fds, O_CLOEXEC): a pipe whose ends no other child inherits.
int cspawn_pipe_cloexec(int fds[2]);

/// posix_spawn_file_actions_addchdir_np: the child starts in `path`.
int cspawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
