#!/usr/bin/env python3
"""Makes the vitals accuracy fixtures in Tests/VitalsTests/Fixtures/Vitals.

Run once (the outputs are committed): python3 -m venv /tmp/nk && /tmp/nk/bin/pip install neurokit2
then /tmp/nk/bin/python Tools/VitalsFixtures/make-fixtures.py
With `--sweep DIR` it writes 50 more recordings of random rates and noise levels to DIR instead,
named KIND-INDEX-RATE-NOISE.csv, for Tools/VitalsFixtures/sweep.sh.

PPG and breathing waveforms come from neurokit2 (MIT) `ppg_simulate` / `rsp_simulate`; this
script turns them into what a phone records: the per-frame mean red of a fingertip on the camera
(brighter between beats, so inverted against a contact PPG) at 30 fps, and accelerometer axes of
a phone lying on the chest. Noise, motion, jitter and breakage are added here, seeded.
"""
import os
import sys
import numpy as np
import neurokit2 as nk

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "VitalsTests", "Fixtures", "Vitals")
FPS = 30
ACCEL_RATE = 50
SECONDS = 45


def normalised(signal):
    signal = np.asarray(signal, dtype=float)
    return (signal - signal.mean()) / signal.std()


def write_ppg(name, red, times=None):
    with open(os.path.join(OUT, name + ".csv"), "w") as out:
        out.write("t,red\n")
        if times is None:
            times = np.arange(len(red)) / FPS
        for t, value in zip(times, red):
            out.write(f"{t:.4f},{value:.3f}\n")


def write_accel(name, x, y, z):
    with open(os.path.join(OUT, name + ".csv"), "w") as out:
        out.write("t,x,y,z\n")
        for i, values in enumerate(zip(x, y, z)):
            out.write(f"{i / ACCEL_RATE:.4f},{values[0]:.5f},{values[1]:.5f},{values[2]:.5f}\n")


def camera_red(ppg, rng, noise=0.15, amplitude=2.5):
    """Red channel mean: a bright baseline that dims with each pulse, slow drift, sensor noise."""
    t = np.arange(len(ppg)) / FPS
    drift = 4.0 * np.sin(2 * np.pi * t / 40.0) + 0.05 * t
    return 205.0 - amplitude * normalised(ppg) + drift + rng.normal(0, noise, len(ppg))


def ppg(rate, seed, seconds=SECONDS, **options):
    return nk.ppg_simulate(duration=seconds, sampling_rate=FPS, heart_rate=rate, random_state=seed, **options)


def chest(breathing, rng, noise=0.002, seconds=SECONDS):
    """A phone flat on the chest: gravity on z, breathing tilts it mostly about one axis."""
    b = normalised(breathing)
    n = len(b)
    x = 0.05 + 0.015 * b + rng.normal(0, noise, n)
    y = -0.10 + 0.006 * b + rng.normal(0, noise, n)
    z = -0.985 + 0.003 * b + rng.normal(0, noise, n)
    return x, y, z


def rsp(rate, seed, seconds=SECONDS):
    return nk.rsp_simulate(duration=seconds, sampling_rate=ACCEL_RATE, respiratory_rate=rate, random_state=seed)


def main():
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(7)
    # Clean camera recordings across the band.
    for rate in (52, 72, 95, 128, 165):
        write_ppg(f"ppg-camera-{rate}bpm", camera_red(ppg(rate, rate), rng))
    # A contact sensor's polarity (pulse brightens), as a reflective clip records it.
    write_ppg("ppg-contact-80bpm", 120.0 + 2.5 * normalised(ppg(80, 80)) + rng.normal(0, 0.15, SECONDS * FPS))
    # Noisy but usable: three times the sensor noise, neurokit's own motion and drift.
    write_ppg("ppg-camera-noisy-88bpm", camera_red(ppg(88, 88, motion_amplitude=0.3, drift=1.0), rng, noise=0.6))
    # Jittered frame times, as a phone camera delivers them (29.97 fps nominal).
    jitter = np.cumsum(np.full(SECONDS * FPS, 1 / 29.97) + rng.normal(0, 0.002, SECONDS * FPS))
    write_ppg("ppg-camera-jitter-67bpm", camera_red(ppg(67, 67), rng), times=jitter - jitter[0])
    # Broken: the finger slides and presses; large movements swamp the pulse.
    moving = camera_red(ppg(75, 75), rng)
    n = len(moving)
    t = np.arange(n) / FPS
    for start in rng.uniform(0, SECONDS - 3, 9):
        width = rng.uniform(1.0, 3.0)
        moving += rng.choice([-1, 1]) * rng.uniform(25, 60) * np.exp(-((t - start - width / 2) / (width / 3)) ** 2)
    moving += np.cumsum(rng.normal(0, 1.2, n))
    write_ppg("ppg-camera-motion", moving)
    # Broken: no finger on the lens, only room light and sensor noise.
    write_ppg("ppg-camera-nofinger", 90.0 + np.cumsum(rng.normal(0, 0.05, n)) + rng.normal(0, 1.0, n))
    # Broken: the flash saturates the sensor, every frame reads 255.
    write_ppg("ppg-camera-clipped", np.minimum(255.0, camera_red(ppg(70, 70), rng) + 80.0))
    # Broken: stopped after 6 seconds.
    write_ppg("ppg-camera-short", camera_red(ppg(70, 71, seconds=6), rng))

    for rate in (8, 12, 16, 22, 30):
        write_accel(f"accel-chest-{rate}rpm", *chest(rsp(rate, rate), rng))
    write_accel("accel-chest-noisy-14rpm", *chest(rsp(14, 14), rng, noise=0.006))
    # Broken: walking around with the phone; steps and swings instead of breaths.
    samples = SECONDS * ACCEL_RATE
    t = np.arange(samples) / ACCEL_RATE
    walk = [0.3 * np.sin(2 * np.pi * 1.8 * t + phase) + np.cumsum(rng.normal(0, 0.02, samples)) + rng.normal(0, 0.05, samples) for phase in (0, 1, 2)]
    write_accel("accel-walking", walk[0] + 0.05, walk[1] - 0.1, walk[2] - 0.98)
    # Broken: the phone lies on a table; only sensor noise.
    write_accel("accel-table", 0.01 + rng.normal(0, 0.002, samples), -0.02 + rng.normal(0, 0.002, samples), -1.0 + rng.normal(0, 0.002, samples))
    # Broken: stopped after 10 seconds.
    short = chest(rsp(15, 15, seconds=10), rng, seconds=10)
    write_accel("accel-chest-short", *short)


def sweep(folder):
    """Random rates across both bands at three noise levels, seeded."""
    global OUT
    OUT = folder
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(123)
    for index in range(30):
        rate, noise = int(rng.uniform(42, 175)), rng.choice([0.15, 0.4, 0.8])
        write_ppg(f"ppg-{index}-{rate}-{noise}", camera_red(ppg(rate, 1000 + index), rng, noise=noise))
    for index in range(20):
        rate, noise = int(rng.uniform(7, 40)), rng.choice([0.002, 0.006, 0.012])
        write_accel(f"accel-{index}-{rate}-{noise}", *chest(rsp(rate, 2000 + index), rng, noise=noise))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--sweep":
        sweep(sys.argv[2])
    else:
        main()
