// Running as a Jupyter kernel. SIGINT (Jupyter's interrupt, interrupt_mode "signal") is kept
// away from the threads that poll ZeroMQ sockets, which would see an interrupted system call,
// and handled on a thread of its own: the running cell is asked to stop through
// Interpreter::interrupt, the same request Ctrl-C makes in `llmlab run`.
#include "app/kernel/kernel_command.hpp"

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

#include "app/cli.hpp"
#include "app/kernel/connection.hpp"
#include "app/kernel/history.hpp"
#include "app/kernel/kernelspec.hpp"
#include "app/kernel/rlab_kernel.hpp"
#include "app/kernel/server.hpp"

namespace llmlab::app {

namespace {

std::atomic<kernel::RlabKernel*> g_interrupt_target{nullptr};

// Only atomics: RlabKernel::interrupt_running_cell reads one flag and stores another.
extern "C" void on_kernel_interrupt(int /*signal*/) {
  if (kernel::RlabKernel* target = g_interrupt_target.load()) target->interrupt_running_cell();
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

int run_kernel(const std::string& connection_path) {
  std::string problem;
  const std::optional<xeus::xconfiguration> config =
      kernel::read_connection_file(connection_path, problem);
  if (!config) {
    fmt::print(stderr, "llmlab kernel: connection file {}: {}\n", connection_path, problem);
    return kExitUsageError;
  }
  if (const std::string busy = kernel::check_ports_free(*config); !busy.empty()) {
    fmt::print(stderr, "llmlab kernel: {}\n", busy);
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
    auto interpreter = std::make_unique<kernel::RlabKernel>();
    kernel::RlabKernel* session = interpreter.get();
    g_interrupt_target.store(session);
    // Messages whose signature does not verify are dropped and logged (server.cpp); text
    // that is not UTF-8 is sent with replacement characters instead of failing.
    xeus::xkernel server(
        *config, xeus::get_user_name(), xeus::make_context<zmq::context_t>(),
        std::move(interpreter), kernel::make_server,
        std::make_unique<kernel::History>([session] { return session->execution_count(); }),
        nullptr, xeus::make_null_debugger, nl::json::object(), nl::json::error_handler_t::replace);
    server.start();
    g_interrupt_target.store(nullptr);
  } catch (const std::exception& error) {
    g_interrupt_target.store(nullptr);
    fmt::print(stderr, "llmlab kernel: {}\n", error.what());
    return kExitScriptError;
  }
  return kExitOk;
}

kernel::SpecTarget spec_target(bool user, const std::string& prefix, bool sys_prefix) {
  (void)user;  // the default
  if (!prefix.empty()) return {kernel::SpecLocation::Prefix, prefix};
  if (sys_prefix) return {kernel::SpecLocation::SysPrefix, {}};
  return {kernel::SpecLocation::User, {}};
}

struct SpecFlags {
  bool user = false;
  std::string prefix;
  bool sys_prefix = false;
};

void add_location_flags(CLI::App& command, SpecFlags& flags) {
  auto* user =
      command.add_flag("--user", flags.user, "In the user's Jupyter data directory (the default)");
  auto* prefix = command.add_option("--prefix", flags.prefix,
                                    "Under PREFIX/share/jupyter (a virtual environment)");
  auto* sys = command.add_flag("--sys-prefix", flags.sys_prefix,
                               "Under the Python environment's prefix ($CONDA_PREFIX, "
                               "$VIRTUAL_ENV, else /usr)");
  user->excludes(prefix)->excludes(sys);
  prefix->excludes(sys);
}

}  // namespace

void add_kernel_command(CLI::App& app, int& exit_code) {
  auto connection = std::make_shared<std::string>();
  CLI::App* command =
      app.add_subcommand("kernel", "Run as a Jupyter kernel, or install its kernelspec");
  command->add_option("-f,--connection-file", *connection,
                      "The connection file Jupyter gives the kernel");
  command->require_subcommand(0, 1);

  auto install_flags = std::make_shared<SpecFlags>();
  CLI::App* install = command->add_subcommand(
      "install", "Install the kernelspec (kernel.json and logos) so Jupyter lists llmlab");
  add_location_flags(*install, *install_flags);
  install->callback([install_flags, &exit_code] {
    exit_code = kernel::install_kernelspec(
        spec_target(install_flags->user, install_flags->prefix, install_flags->sys_prefix));
  });

  auto uninstall_flags = std::make_shared<SpecFlags>();
  CLI::App* uninstall = command->add_subcommand("uninstall", "Remove the kernelspec");
  add_location_flags(*uninstall, *uninstall_flags);
  uninstall->callback([uninstall_flags, &exit_code] {
    exit_code = kernel::uninstall_kernelspec(
        spec_target(uninstall_flags->user, uninstall_flags->prefix, uninstall_flags->sys_prefix));
  });

  command->callback([command, connection, &exit_code] {
    if (!command->get_subcommands().empty()) return;
    if (connection->empty()) {
      fmt::print(stderr,
                 "llmlab kernel: give -f CONNECTION_FILE (Jupyter does), or use `llmlab kernel "
                 "install`\n");
      exit_code = kExitUsageError;
      return;
    }
    exit_code = run_kernel(*connection);
  });
}

}  // namespace llmlab::app
