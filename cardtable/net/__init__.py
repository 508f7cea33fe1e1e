"""Phones as private hands: a small HTTP + WebSocket server on the local network.

The big screen is the table; each phone seat's player opens a private address (a QR code on the
table) in the phone's browser and holds that seat's cards there. The host is the only authority:
a phone receives its seat's view and redacted events only, and sends back the index of one of
the legal actions it was offered, which the table checks exactly like a click.

Nothing here imports pygame or the table: the table publishes snapshots and collects actions
through ``PhoneServer``; ``snapshot`` turns a seat's view into what its phone shows.
"""
