// Two network namespaces of the test's own, joined by a veth pair: the server runs in
// one, the clients that are to vanish in the other. Bringing the clients' end of the pair
// down makes every connection across it half-open at once: nothing more arrives from
// them, and no FIN or RST ever will (no iptables or nft is needed, and the machine's
// own namespace is never touched). Needs root and `ip`; ready() is false otherwise, with
// the reason, so the test can skip.
#pragma once

#include <string>

namespace parlor::testing {

class VethNamespaces {
 public:
  VethNamespaces();
  ~VethNamespaces();  // deletes both namespaces (and so the pair)
  VethNamespaces(const VethNamespaces&) = delete;
  VethNamespaces& operator=(const VethNamespaces&) = delete;

  bool ready() const { return ready_; }
  const std::string& why_not() const { return why_not_; }
  const std::string& server_namespace() const { return server_namespace_; }
  const std::string& client_namespace() const { return client_namespace_; }
  // The server's address on the pair, as the clients' namespace reaches it.
  const std::string& server_address() const { return server_address_; }

  // The clients' end of the pair goes down (true) or up again: nothing crosses meanwhile.
  bool cut_clients_link(bool down);

 private:
  bool run(const std::string& command);

  bool ready_ = false;
  std::string why_not_;
  std::string server_namespace_;
  std::string client_namespace_;
  std::string server_link_;
  std::string client_link_;
  std::string server_address_;
};

}  // namespace parlor::testing
