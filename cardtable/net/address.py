"""This computer's address on the local network, for the phones' join links."""

from __future__ import annotations

import ipaddress
import socket

ROUTE_PROBE = ("239.255.255.250", 1900)
"""A multicast group (SSDP's): connecting a UDP socket to it only asks the system which interface
it would use. No datagram is sent."""


def _routed_address() -> str | None:
    """The address of the interface that reaches the local network, as the system routes it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(ROUTE_PROBE)
            return str(s.getsockname()[0])
    except OSError:
        return None


def lan_address() -> str:
    """This computer's private IPv4 address on the local network, else any non-loopback one, else
    the loopback address (a computer with no network: phones cannot join, and the table says so).
    The host name alone is not enough: many Linux systems map it to 127.0.1.1."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    routed = _routed_address()
    found = [ipaddress.ip_address(a) for a in ([routed] if routed else []) + [i[4][0] for i in infos]]
    for wanted in (lambda a: a.is_private and not a.is_loopback, lambda a: not a.is_loopback):
        for addr in found:
            if wanted(addr):
                return str(addr)
    return "127.0.0.1"


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
