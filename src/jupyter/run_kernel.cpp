// Running as a Jupyter kernel. SIGINT (Jupyter's interrupt, interrupt_mode "signal") is kept
// away from the threads that poll ZeroMQ sockets, which would see an interrupted system call,
// and handled on a thread of its own: the running cell is asked to stop through
// Interpreter::interrupt, the same request Ctrl-C makes in `llmlab run`.
#include "jupyter/run_kernel.hpp"

#include <fmt/format.h>
#include <pthread.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <exception>
#include <memory>
#include <thread>
#include <xeus/xkernel.hpp>
#include <xeus/xserver_zmq.hpp>
#include <zmq.hpp>

#include "base/messages/notebook.hpp"
#include "base/process.hpp"
#include "jupyter/connection.hpp"
#include "jupyter/history.hpp"
#include "jupyter/rlab_kernel.hpp"
#include "jupyter/server.hpp"

namespace llmlab::jupyter {

namespace {

std::atomic<RlabKernel*> g_interrupt_target{nullptr};

// Only atomics: RlabKernel::interrupt_running_cell reads one flag and stores another.
extern "C" void on_kernel_interrupt(int /*signal*/) {
  if (RlabKernel* target = g_interrupt_target.load()) target->interrupt_running_cell();
}

// SIGINT is blocked in the main thread and in the threads xeus and ZeroMQ start, whose poll
// calls would fail with EINTR; this thread leaves it unblocked so the handler has somewhere
// to run.
void take_interrupts() {
  sigset_t none;
  sigemptyset(&none);
  pthread_sigmask(SIG_SETMASK, &none, nullptr);
  while (true) pause();
}

}  // namespace

int run_kernel(const std::string& connection_path, lang::Dialect dialect) {
  std::string problem;
  const std::optional<xeus::xconfiguration> config = read_connection_file(connection_path, problem);
  if (!config) {
    fmt::print(stderr, "{}\n",
               fmt::format(messages::kernel_connection_file_problem, connection_path, problem));
    return kExitUsageError;
  }
  if (const std::string busy = check_ports_free(*config); !busy.empty()) {
    fmt::print(stderr, "llmlab-kernel: {}\n", busy);
    return kExitScriptError;
  }
  // Blocked before xeus starts its threads, so they inherit the mask.
  struct sigaction action {};
  action.sa_handler = on_kernel_interrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  std::thread(take_interrupts).detach();

  try {
    auto interpreter = std::make_unique<RlabKernel>(dialect);
    RlabKernel* session = interpreter.get();
    g_interrupt_target.store(session);
    // Messages whose signature does not verify are dropped and logged (server.cpp); text
    // that is not UTF-8 is sent with replacement characters instead of failing.
    xeus::xkernel server(
        *config, xeus::get_user_name(), xeus::make_context<zmq::context_t>(),
        std::move(interpreter), make_server,
        std::make_unique<History>([session] { return session->execution_count(); }), nullptr,
        xeus::make_null_debugger, nl::json::object(), nl::json::error_handler_t::replace);
    server.start();
    g_interrupt_target.store(nullptr);
  } catch (const std::exception& error) {
    g_interrupt_target.store(nullptr);
    fmt::print(stderr, "llmlab-kernel: {}\n", error.what());
    return kExitScriptError;
  }
  return kExitOk;
}

}  // namespace llmlab::jupyter
