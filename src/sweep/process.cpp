// fork + exec rather than posix_spawn: the child must set its parent-death signal and its
// process group before exec, which posix_spawn cannot do.
#include "sweep/process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include "base/error.hpp"
#include "base/messages/sweep.hpp"
#include "base/messages/system.hpp"
#include "base/process.hpp"

namespace llmlab::sweep {

pid_t start_process(const std::vector<std::string>& argv, const fs::path& log, int threads) {
  std::vector<char*> pointers;
  for (const std::string& arg : argv) pointers.push_back(const_cast<char*>(arg.c_str()));
  pointers.push_back(nullptr);
  const std::string threads_text = std::to_string(threads);
  const bool spin_unset =
      std::getenv("OMP_WAIT_POLICY") == nullptr && std::getenv("GOMP_SPINCOUNT") == nullptr;
  const pid_t parent = getpid();
  const int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw Error(
        fmt::format(messages::spoken_by, "sweep",
                    fmt::format(messages::cannot_write_file, log.string(), std::strerror(errno))));
  }
  const pid_t pid = fork();
  if (pid < 0) {
    close(fd);
    throw Error(fmt::format(messages::sweep_cannot_start, std::strerror(errno)));
  }
  if (pid == 0) {
    // Only async-signal-safe calls from here to exec.
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    setenv("OMP_NUM_THREADS", threads_text.c_str(), 1);
    // The setting `llmlab train` would otherwise restart itself to get (app/openmp_spin.hpp).
    if (spin_unset) setenv("GOMP_SPINCOUNT", kShortOpenmpSpinCount, 1);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    sigset_t none;  // the local executor blocks SIGCHLD to wait for it; the trainer must not
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execv(pointers[0], pointers.data());
    const char message[] = "sweep: cannot start the trainer\n";
    [[maybe_unused]] const auto written = write(STDERR_FILENO, message, sizeof message - 1);
    _exit(127);
  }
  close(fd);
  setpgid(pid, pid);  // also from the parent, so the group exists before any kill(-pid)
  return pid;
}

Ending ending_of(int status) {
  Ending ending;
  if (WIFEXITED(status)) {
    ending.exited = true;
    ending.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    ending.code = WTERMSIG(status);
  }
  return ending;
}

Ending wait_process(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return ending_of(status);
}

namespace {

volatile std::sig_atomic_t g_stop = 0;
void on_stop_signal(int) { g_stop = 1; }

}  // namespace

StopSignals::StopSignals() {
  g_stop = 0;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &old_int_);
  sigaction(SIGTERM, &action, &old_term_);
}

StopSignals::~StopSignals() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

bool StopSignals::requested() { return g_stop != 0; }

ChildExits::ChildExits() {
  sigemptyset(&child_);
  sigaddset(&child_, SIGCHLD);
  pthread_sigmask(SIG_BLOCK, &child_, &old_mask_);
}

ChildExits::~ChildExits() { pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr); }

void ChildExits::wait(double seconds) const {
  timespec timeout{};
  timeout.tv_sec = static_cast<time_t>(seconds);
  timeout.tv_nsec = static_cast<long>((seconds - static_cast<double>(timeout.tv_sec)) * 1e9);
  // Returns at a child's exit, at a stop signal (its handler interrupts the wait: EINTR), or
  // when the time is up.
  sigtimedwait(&child_, nullptr, &timeout);
}

void sleep_unless_stopped(double seconds) {
  const double until = now_seconds() + seconds;
  while (!StopSignals::requested()) {
    const double left = until - now_seconds();
    if (left <= 0) return;
    usleep(static_cast<useconds_t>(std::min(left, 0.05) * 1e6));
  }
}

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

}  // namespace llmlab::sweep
