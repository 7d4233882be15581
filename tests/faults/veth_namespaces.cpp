#include "tests/faults/veth_namespaces.hpp"

#include <unistd.h>

#include "tests/support/run_command.hpp"

namespace parlor::testing {

VethNamespaces::VethNamespaces() {
  const std::string id = std::to_string(getpid());
  server_namespace_ = "parlor-hs-" + id;
  client_namespace_ = "parlor-hc-" + id;
  // Interface names are at most 15 characters.
  server_link_ = "phs" + id;
  client_link_ = "phc" + id;
  // A /30 of its own per process, so parallel test processes never share addresses.
  const std::string subnet = "10.213." + std::to_string(getpid() % 250) + ".";
  server_address_ = subnet + "1";
  if (geteuid() != 0) {
    why_not_ = "network namespaces need root";
    return;
  }
  if (!run("ip netns add " + server_namespace_) || !run("ip netns add " + client_namespace_)) {
    why_not_ = "`ip netns add` failed (no iproute2, or namespaces are not allowed here)";
    return;
  }
  // The pair is made inside the server's namespace and its peer sent straight to the
  // clients', so the machine's own namespace never holds either end.
  const std::string in_server = "ip -n " + server_namespace_ + " ";
  const std::string in_client = "ip -n " + client_namespace_ + " ";
  ready_ = run(in_server + "link add " + server_link_ + " type veth peer name " + client_link_ +
               " netns " + client_namespace_) &&
           run(in_server + "addr add " + server_address_ + "/30 dev " + server_link_) &&
           run(in_client + "addr add " + subnet + "2/30 dev " + client_link_) &&
           run(in_server + "link set lo up") && run(in_client + "link set lo up") &&
           run(in_server + "link set " + server_link_ + " up") &&
           run(in_client + "link set " + client_link_ + " up");
  if (!ready_) why_not_ = "could not set up the veth pair between the namespaces";
}

VethNamespaces::~VethNamespaces() {
  run("ip netns del " + client_namespace_);
  run("ip netns del " + server_namespace_);
}

bool VethNamespaces::cut_clients_link(bool down) {
  return run("ip -n " + client_namespace_ + " link set " + client_link_ + (down ? " down" : " up"));
}

bool VethNamespaces::run(const std::string& command) { return run_command(command).exit_code == 0; }

}  // namespace parlor::testing
