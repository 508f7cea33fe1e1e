"""This computer's address on the local network, for the phones' join links."""

from __future__ import annotations

import ipaddress
import socket


def lan_address() -> str:
    """The first private IPv4 address of this computer, else any non-loopback one, else the
    loopback address (a computer with no network: phones cannot join, the table says so)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found = [ipaddress.ip_address(info[4][0]) for info in infos]
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
