import { describe, expect, it } from "vitest";
import { clientNetwork, networkPseudonym } from "./client-network.server";

describe("clientNetwork", () => {
  it("is an IPv4 address itself, also when written as IPv6", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address, however it is written", () => {
    const network = "2001:db8:85a3:42::/64";
    for (const address of [
      "2001:db8:85a3:42::1",
      "2001:0db8:85a3:0042:ffff:ffff:ffff:ffff",
      "2001:DB8:85A3:42:1:2:3:4%eth0",
      "2001:db8:85a3:42:0:0:0:9",
    ]) {
      expect(clientNetwork(address)).toBe(network);
    }
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientNetwork("2001:db8:85a3:43::1")).not.toBe(network);
  });

  it("is nothing for what is not an address", () => {
    expect(clientNetwork("unknown")).toBeNull();
    expect(clientNetwork("")).toBeNull();
  });
});

describe("networkPseudonym", () => {
  it("names a network by a keyed hash, never by its address", () => {
    const named = networkPseudonym("2001:db8::1");
    expect(named).toMatch(/^[0-9a-f]{16}$/);
    expect(networkPseudonym("2001:db8::2")).toBe(named);
    expect(networkPseudonym("unknown")).toBeNull();
  });
});
