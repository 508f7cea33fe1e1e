"""The table's sounds, synthesised in memory: nothing to ship, nothing to license.

Each sound is a short list of samples built from sines and filtered noise, shaped by an envelope that
starts and ends at silence (no clicks), written as a WAV into ``io.BytesIO`` with the standard
``wave`` module and handed to ``pygame.mixer.Sound``. Without an audio device ``pygame.mixer.init()``
raises; the bank then stays silent and every call still works (as Tuxemon does).
"""

from __future__ import annotations

import io
import logging
import math
import random
import threading
import wave
from array import array
from collections.abc import Callable

import pygame

log = logging.getLogger(__name__)

RATE = 22050
"""Samples per second: plenty for these short, soft sounds and half the synthesis time of 44.1 kHz."""

FADE_S = 0.006
"""Every sound fades in and out over at least this long, so it never starts or stops with a click."""

Samples = list[float]


def _env(n: int, attack: float, decay: float) -> list[float]:
    """Fast linear attack, then exponential decay with time constant ``decay`` seconds."""
    a = max(1, int(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def _noise(n: int, rng: random.Random, smooth: float) -> Samples:
    """White noise through a one-pole low-pass (``smooth`` 0 = raw, towards 1 = darker)."""
    out, y = [], 0.0
    for _ in range(n):
        y += (1 - smooth) * (rng.uniform(-1, 1) - y)
        out.append(y)
    return out


def _sine(n: int, freq: float, start: int = 0) -> Samples:
    k = 2 * math.pi * freq / RATE
    return [math.sin(k * (i + start)) for i in range(n)]


def _mix(*parts: Samples) -> Samples:
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        for i, v in enumerate(p):
            out[i] += v
    return out


def _place() -> Samples:
    """A card laid on felt: a soft low knock with a brush of noise."""
    n = int(0.11 * RATE)
    rng = random.Random(1)
    knock = [s * e for s, e in zip(_sine(n, 150), _env(n, 0.002, 0.022), strict=True)]
    brush = [s * e * 0.9 for s, e in zip(_noise(n, rng, 0.75), _env(n, 0.001, 0.01), strict=True)]
    return _mix(knock, brush)


def _flip() -> Samples:
    """A card turned over: a quick soft flick (band-passed noise, no harsh hiss)."""
    n = int(0.08 * RATE)
    noise = _noise(n, random.Random(2), 0.5)
    # Noise minus a much darker copy of itself keeps a band around 1-3 kHz.
    band = [a - b for a, b in zip(noise, _smooth(noise, 0.9), strict=True)]
    env = [min(1.0, i / (0.01 * RATE)) * math.exp(-i / (0.018 * RATE)) for i in range(n)]
    return [v * e for v, e in zip(band, env, strict=True)]


def _smooth(samples: Samples, k: float) -> Samples:
    out, y = [], 0.0
    for v in samples:
        y += (1 - k) * (v - y)
        out.append(y)
    return out


def _shuffle() -> Samples:
    """A riffle shuffle: a run of small card ticks that speeds up and dies away."""
    n = int(0.62 * RATE)
    rng = random.Random(3)
    out = [0.0] * n
    tick = int(0.012 * RATE)
    t = 0.02
    while t < 0.55:
        start = int(t * RATE)
        amp = 0.5 + 0.5 * math.sin(math.pi * t / 0.56)
        for i, v in enumerate(_noise(tick, rng, 0.55)):
            if start + i < n:
                out[start + i] += v * amp * math.exp(-i / (0.0025 * RATE))
        t += rng.uniform(0.011, 0.02) * (1.2 - t)
    return out


def _burn() -> Samples:
    """The pile burning: a low whoosh that swells and dies, with a few soft crackles."""
    n = int(0.75 * RATE)
    rng = random.Random(4)
    out, y, z = [], 0.0, 0.0
    for i in range(n):
        t = i / n
        # Two low-pass stages whose cutoff opens then closes: the whoosh swells and dies.
        k = 0.03 + 0.22 * math.sin(math.pi * min(1.0, t * 1.4))
        y += k * (rng.uniform(-1, 1) - y)
        z += k * (y - z)
        amp = min(1.0, t / 0.2) * (1 - t) ** 1.5
        out.append(z * amp)
    peak = max(abs(v) for v in out)
    for _ in range(12):
        at = rng.randrange(int(0.05 * RATE), int(0.55 * RATE))
        crackle = _noise(int(0.006 * RATE), rng, 0.6)
        for i, v in enumerate(crackle):
            out[at + i] += 0.8 * peak * v * math.exp(-i / (0.0012 * RATE))
    return out


def _bell(n: int, freq: float, start: int) -> Samples:
    """A soft bell: a fundamental with two quiet inharmonic partials, decaying."""
    out = [0.0] * n
    env = _env(n - start, 0.004, 0.28)
    for partial, level in ((1.0, 1.0), (2.76, 0.22), (5.4, 0.06)):
        k = 2 * math.pi * freq * partial / RATE
        for i, e in enumerate(env):
            out[start + i] += level * e * math.sin(k * i) * (1.0 if partial == 1.0 else e)
    return out


def _chime() -> Samples:
    """Your turn: two rising bell notes (G5, D6)."""
    n = int(0.85 * RATE)
    return _mix(_bell(n, 783.99, 0), [0.8 * v for v in _bell(n, 1174.66, int(0.11 * RATE))])


def _moment() -> Samples:
    """A moment at the table (someone out, a win, a library): three bell notes rising (C5 E5 G5)
    and a high C to close."""
    n = int(0.95 * RATE)
    notes = ((523.25, 0.0, 0.9), (659.25, 0.09, 0.85), (783.99, 0.18, 0.85), (1046.5, 0.3, 0.7))
    out = [0.0] * n
    for freq, at, level in notes:
        out = _mix(out, [level * v for v in _bell(n, freq, int(at * RATE))])
    return out


def _error() -> Samples:
    """Not allowed: two short, soft, falling notes."""
    out: Samples = []
    for freq in (392.0, 311.1):
        n = int(0.11 * RATE)
        k = 2 * math.pi * freq / RATE
        env = [min(1.0, i / (0.006 * RATE), (n - i) / (0.035 * RATE)) for i in range(n)]
        out += [e * (math.sin(k * i) + 0.25 * math.sin(3 * k * i)) for i, e in enumerate(env)]
        out += [0.0] * int(0.02 * RATE)
    return out


SOUNDS: dict[str, tuple[Callable[[], Samples], float]] = {
    # name: (synthesis, loudness relative to the others), in the order a game first needs them
    "shuffle": (_shuffle, 0.6),
    "place": (_place, 0.75),
    "flip": (_flip, 0.45),
    "burn": (_burn, 0.7),
    "chime": (_chime, 0.5),
    "error": (_error, 0.28),  # a sustained tone sounds louder than a click at the same peak
    "moment": (_moment, 0.5),
}


def synthesise(name: str) -> array:
    """The 16-bit mono samples of sound ``name`` at ``RATE``, normalised and faded at both ends."""
    make, loudness = SOUNDS[name]
    samples = make()
    peak = max(1e-9, max(abs(v) for v in samples))
    fade = int(FADE_S * RATE)
    n = len(samples)
    out = array("h")
    for i, v in enumerate(samples):
        edge = min(1.0, i / fade, (n - 1 - i) / fade)
        out.append(round(32767 * loudness * edge * v / peak))
    return out


def wav_bytes(name: str) -> bytes:
    """Sound ``name`` as a complete WAV file."""
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(synthesise(name).tobytes())
    return buf.getvalue()


class SoundBank:
    """The table's sounds. ``play`` never raises: with no audio device the bank is silent.

    Synthesis (about 70 ms of pure Python) runs once in a background thread so it does not delay
    the first frame; a sound asked for before it is ready is simply skipped."""

    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, volume))
        self._wavs: dict[str, bytes] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._thread: threading.Thread | None = None
        self.available = _open_mixer()
        if self.available and enabled:
            self._start_synthesis()

    @property
    def loaded(self) -> bool:
        """True once every sound has been synthesised."""
        return len(self._wavs) == len(SOUNDS)

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until synthesis is done (for tests and tools); returns ``loaded``."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self.loaded

    def set(self, enabled: bool, volume: float) -> None:
        self.enabled = enabled
        self.volume = min(1.0, max(0.0, volume))
        if self.available and enabled:
            self._start_synthesis()
        for sound in self._sounds.values():
            sound.set_volume(self.volume)

    def play(self, name: str) -> None:
        if not (self.enabled and self.available) or self.volume <= 0:
            return
        if name not in SOUNDS:
            log.warning("no sound named %r", name)
            return
        try:
            sound = self._sounds.get(name)
            if sound is None:
                data = self._wavs.get(name)
                if data is None:
                    return  # still being synthesised
                sound = self._sounds[name] = pygame.mixer.Sound(file=io.BytesIO(data))
                sound.set_volume(self.volume)
            sound.play()
        except pygame.error as exc:  # the device went away mid-game: stay quiet from now on
            log.warning("sound off: %s", exc)
            self.available = False

    def _start_synthesis(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._synthesise, name="sound-synthesis",
                                            daemon=True)
            self._thread.start()

    def _synthesise(self) -> None:
        # Only pure Python here; the pygame Sound objects are made on the caller's thread.
        for name in SOUNDS:
            self._wavs[name] = wav_bytes(name)


def _open_mixer() -> bool:
    """Open the audio device if nobody has yet; False (silence) when there is none."""
    try:
        if pygame.mixer.get_init() is None:
            # A small buffer keeps the click of a card in step with the card landing.
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        return True
    except (pygame.error, NotImplementedError) as exc:
        log.info("no audio device, sounds off: %s", exc)
        return False
