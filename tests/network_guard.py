"""Source of an audit hook that blocks (and counts) network access in a probe subprocess.

Prefix a probe script with :data:`BLOCK_NETWORK`; the probe can print ``len(attempts)``.
"""

BLOCK_NETWORK = '''
import socket, sys
attempts = []

def hook(event, args):
    if event in ("socket.connect", "socket.getaddrinfo", "socket.sendto", "socket.bind"):
        if event == "socket.connect" and args and getattr(args[0], "family", None) == socket.AF_UNIX:
            return
        attempts.append(event)
        raise OSError("network access blocked by test: " + event)

sys.addaudithook(hook)
'''
