"""Sounds: synthesised without clicks, silent and harmless without an audio device."""

from __future__ import annotations

import io
import wave

import pygame
import pytest

from cardtable.ui import sound
from cardtable.ui.sound import SOUNDS, SoundBank

NAMES = ("place", "shuffle", "burn", "chime", "flip", "error", "moment")


def test_every_sound_is_a_short_wav_that_starts_and_ends_in_silence() -> None:
    assert set(SOUNDS) == set(NAMES)
    for name in NAMES:
        with wave.open(io.BytesIO(sound.wav_bytes(name))) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            seconds = w.getnframes() / w.getframerate()
        samples = sound.synthesise(name)
        assert 0.05 < seconds < 1.0
        assert samples[0] == 0 and samples[-1] == 0
        peak = max(abs(v) for v in samples)
        assert 8000 < peak < 32767  # audible and never clipped
        # The fade: the first and last few milliseconds stay well below the peak.
        edge = int(0.002 * sound.RATE)
        assert max(abs(v) for v in samples[:edge]) < peak / 2
        assert max(abs(v) for v in samples[-edge:]) < peak / 2


def test_without_an_audio_device_the_bank_is_silent_and_never_raises(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    bank = SoundBank()
    assert not bank.available and not bank.loaded
    for name in (*NAMES, "no-such-sound"):
        bank.play(name)
    bank.set(True, 0.3)
    bank.play("chime")
    assert bank.volume == 0.3 and not bank.wait_ready(timeout=1)


def test_with_the_dummy_device_sounds_load_and_play() -> None:
    bank = SoundBank(volume=0.5)
    assert bank.available, "conftest sets SDL's dummy audio driver, which always opens"
    assert bank.wait_ready(timeout=10)
    bank.play("chime")
    assert pygame.mixer.get_busy()
    pygame.mixer.stop()
    bank.set(False, 0.5)
    bank.play("chime")
    assert not pygame.mixer.get_busy()
    bank.set(True, 2.0)
    assert bank.volume == 1.0
