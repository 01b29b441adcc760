// `llmlab kernel`: installing and removing the kernelspec, and `-f CONNECTION_FILE`, which
// hands the process to the kernel's own executable (app/kernel/kernel_executable.hpp).
#include "app/kernel/kernel_command.hpp"

#include <fmt/format.h>

#include <memory>
#include <string>

#include "app/cli.hpp"
#include "app/kernel/kernel_executable.hpp"
#include "app/kernel/kernelspec.hpp"

namespace llmlab::app {

namespace {

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
  auto dialect = std::make_shared<std::string>("rlab");
  command
      ->add_option("--dialect", *dialect,
                   "The language of the cells: rlab (default) or matlab (the \"llmlab (MATLAB)\" "
                   "kernelspec)")
      ->check(CLI::IsMember({"rlab", "matlab"}));
  command->require_subcommand(0, 1);

  auto install_flags = std::make_shared<SpecFlags>();
  CLI::App* install = command->add_subcommand(
      "install",
      "Install the kernelspecs (kernel.json and logos) so Jupyter lists llmlab (rlab) and llmlab "
      "(MATLAB)");
  add_location_flags(*install, *install_flags);
  install->callback([install_flags, &exit_code] {
    exit_code = kernel::install_kernelspec(
        spec_target(install_flags->user, install_flags->prefix, install_flags->sys_prefix));
  });

  auto uninstall_flags = std::make_shared<SpecFlags>();
  CLI::App* uninstall = command->add_subcommand("uninstall", "Remove the kernelspecs");
  add_location_flags(*uninstall, *uninstall_flags);
  uninstall->callback([uninstall_flags, &exit_code] {
    exit_code = kernel::uninstall_kernelspec(
        spec_target(uninstall_flags->user, uninstall_flags->prefix, uninstall_flags->sys_prefix));
  });

  command->callback([command, connection, dialect, &exit_code] {
    if (!command->get_subcommands().empty()) return;
    if (connection->empty()) {
      fmt::print(stderr,
                 "llmlab kernel: give -f CONNECTION_FILE (Jupyter does), or use `llmlab kernel "
                 "install`\n");
      exit_code = kExitUsageError;
      return;
    }
    exit_code = kernel::exec_kernel(*connection, *dialect);
  });
}

}  // namespace llmlab::app
