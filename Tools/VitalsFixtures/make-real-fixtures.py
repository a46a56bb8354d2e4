#!/usr/bin/env python3
"""Cuts real PPG and respiration recordings shipped inside PyPI packages into the windows of
Tests/VitalsTests/Fixtures/Vitals/real, as a phone would record them, with reference rates.

Run once (the outputs are committed):
    python3 -m venv /tmp/vf && /tmp/vf/bin/pip install neurokit2==0.2.13 matplotlib
    /tmp/vf/bin/python Tools/VitalsFixtures/make-real-fixtures.py SOURCES [--plots DIR]
SOURCES is a folder holding the unpacked packages (`pip download --no-deps systole==0.3.1
heartpy==1.2.7`, then `tar xzf` the systole sdist and `unzip` the heartpy wheel in it).

Recordings:
- systole 0.3.1 (GPL-3.0) `datasets/ppg.npy`: finger PPG, 75 Hz, 331 s;
  `datasets/Task1_Respiration.npy`: respiration belt, 1000 Hz, 1537 s.
- heartpy 1.2.7 (MIT) `data/data.csv` (100 Hz, 25 s), `data/data2.csv` (ms timer, 117 Hz,
  128 s), `data/data3.csv` (date-times, 100 Hz, 682 s): finger PPG.

Each PPG window becomes what a phone camera records: resampled to 30 Hz, inverted (the frame
darkens as blood arrives), scaled to a red level near 205 with slow drift and sensor noise;
a few get a finger pressing and sliding on the lens. Each respiration window becomes a phone
lying on the chest, in m/s² at 25 Hz: z = gravity + 0.05 m/s² x the belt signal (in units
of its standard deviation) + noise, and x, y with smaller shares of it; some drift, change
posture halfway (gravity moves between the axes) or move.

References come from an independent method on the native-rate signal: neurokit2's
`ppg_findpeaks` (Elgendi) for beats and `rsp_peaks` (Khodadad 2018) for breaths; the rate is
the number of intervals over their sum, inside the window. For beats, intervals more than
30% off their median are left out: the heart keeps time, so such an interval is a beat the
detector missed or added. For breaths every interval counts: a pause after a sigh is
breathing too, and a person counting breaths over the window would count it. A window is "clean" when nothing was
added to it and its reference intervals hold no outlier (none 30% off their median for beats,
50% for breaths, which vary more): the targets say at most one clean window in ten may be
refused. A window with no pulse at all has no reference (an empty cell): it must be refused.
"""
import os
import sys
import numpy as np
import pandas as pd
import neurokit2 as nk

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "VitalsTests", "Fixtures", "Vitals", "real")
FPS = 30
ACCEL_RATE = 25
GRAVITY = 9.81


def uniform(times, values, rate):
    """`values` at `times` (seconds, possibly repeated or jittered) on a steady grid."""
    times, order = np.asarray(times, float), None
    order = np.argsort(times, kind="stable")
    times, values = times[order], np.asarray(values, float)[order]
    keep = np.concatenate([[True], np.diff(times) > 0])
    times, values = times[keep], values[keep]
    grid = np.arange(times[0], times[-1], 1 / rate)
    return np.interp(grid, times, values)


def load_ppg(sources):
    """(name, rate, values) of every finger PPG, at a steady native rate."""
    systole = np.load(os.path.join(sources, "systole-0.3.1", "src", "systole", "datasets", "ppg.npy")).astype(float)
    heartpy = os.path.join(sources, "heartpy", "data")
    data = pd.read_csv(os.path.join(heartpy, "data.csv"), header=None)[0].to_numpy(float)
    data2 = pd.read_csv(os.path.join(heartpy, "data2.csv"))
    data3 = pd.read_csv(os.path.join(heartpy, "data3.csv"))
    seconds3 = (pd.to_datetime(data3["datetime"], format="ISO8601") - pd.to_datetime(data3["datetime"][0])).dt.total_seconds()
    return [
        ("systole", 75.0, systole),
        ("heartpy1", 100.0, data),
        ("heartpy2", 100.0, uniform(data2["timer"] / 1000, data2["hr"], 100)),
        ("heartpy3", 100.0, uniform(seconds3, data3["hr"], 100)),
    ]


def load_respiration(sources):
    belt = np.load(os.path.join(sources, "systole-0.3.1", "src", "systole", "datasets", "Task1_Respiration.npy"))
    # 1000 Hz to 100 Hz: the belt's content lies below 2 Hz.
    return 100.0, nk.signal_resample(belt, sampling_rate=1000, desired_sampling_rate=100, method="FFT")


def intervals_rate(peaks, rate, spread, drop_outliers):
    intervals = np.diff(peaks) / rate
    median = np.median(intervals)
    regular = np.abs(intervals - median) <= spread * median
    counted = intervals[regular] if drop_outliers else intervals
    return 60 * len(counted) / counted.sum(), bool(regular.all()), intervals


def ppg_reference(window, rate):
    cleaned = nk.ppg_clean(window, sampling_rate=int(rate), method="elgendi")
    peaks = nk.ppg_findpeaks(cleaned, sampling_rate=int(rate), method="elgendi")["PPG_Peaks"]
    return peaks, *intervals_rate(peaks, rate, 0.3, drop_outliers=True)


def breath_reference(window, rate):
    cleaned = nk.rsp_clean(window, sampling_rate=int(rate), method="khodadad2018")
    _, info = nk.rsp_peaks(cleaned, sampling_rate=int(rate), method="khodadad2018")
    peaks = info["RSP_Peaks"]
    return peaks, *intervals_rate(peaks, rate, 0.5, drop_outliers=False)


def normalised(signal):
    signal = np.asarray(signal, float)
    return (signal - signal.mean()) / signal.std()


def camera(window, rate, rng, motion=False):
    """The mean red of a camera frame at 30 fps while `window` pulses under the fingertip."""
    seconds = len(window) / rate
    t = np.arange(0, seconds, 1 / FPS)
    pulse = np.interp(t, np.arange(len(window)) / rate, normalised(window))
    red = 205.0 - 2.5 * pulse + 3.0 * np.sin(2 * np.pi * t / 37.0 + rng.uniform(0, 6)) + 0.04 * t + rng.normal(0, 0.15, len(t))
    if motion:
        # The finger presses and slides: brightness jumps of several times the pulse.
        for start in rng.uniform(0, seconds - 3, 4):
            width = rng.uniform(0.8, 2.0)
            red += rng.choice([-1, 1]) * rng.uniform(8, 20) * np.exp(-((t - start - width / 2) / (width / 3)) ** 2)
    return t, red


def chest(window, rate, rng, style):
    """Accelerometer axes (m/s²) of a phone on the chest while the belt reads `window`."""
    seconds = len(window) / rate
    t = np.arange(0, seconds, 1 / ACCEL_RATE)
    # A sigh or a cough is many breaths tall: scale by the spread of ordinary breathing.
    spread = (np.percentile(window, 90) - np.percentile(window, 10)) / 2.56
    belt = np.interp(t, np.arange(len(window)) / rate, (window - np.median(window)) / spread)
    n = len(t)
    # Lying back, the phone tilted a little: gravity mostly on z.
    tilt = np.full(n, 0.12)
    roll = np.full(n, -0.05)
    if style == "posture":
        # Halfway, the person turns a little: the phone tilts by 0.3 rad over two seconds.
        tilt = tilt + 0.3 / (1 + np.exp(-(t - seconds / 2) / 0.5))
    if style == "drift":
        roll = roll + 0.004 * t
    x = GRAVITY * np.sin(tilt) + 0.02 * belt + rng.normal(0, 0.004, n)
    y = GRAVITY * np.sin(roll) + 0.01 * belt + rng.normal(0, 0.004, n)
    z = GRAVITY * np.cos(tilt) * np.cos(roll) + 0.05 * belt + rng.normal(0, 0.004, n)
    if style == "motion":
        for start in rng.uniform(0, seconds - 3, 5):
            width = rng.uniform(1, 3)
            bump = np.exp(-((t - start - width / 2) / (width / 3)) ** 2)
            x, y, z = x + rng.uniform(-1, 1) * bump, y + rng.uniform(-1, 1) * bump, z + rng.uniform(-1, 1) * bump
    return t, x, y, z


def write(name, header, columns):
    with open(os.path.join(OUT, name + ".csv"), "w") as out:
        out.write(header + "\n")
        for row in zip(*columns):
            out.write(f"{row[0]:.4f}," + ",".join(f"{value:.4f}" for value in row[1:]) + "\n")


# (source, start s, seconds, motion): cut so that every source gives several windows of
# 15–60 s; the motion windows repeat a clean span with a finger moving on it.
PPG_WINDOWS = [
    ("heartpy1", 0, 24, False), ("heartpy1", 5, 15, False),
    ("heartpy2", 45, 40, False), ("heartpy2", 85, 40, False), ("heartpy2", 100, 20, False), ("heartpy2", 0, 40, False),
    ("heartpy3", 20, 60, False), ("heartpy3", 120, 45, False), ("heartpy3", 240, 30, False), ("heartpy3", 360, 60, False),
    ("heartpy3", 480, 45, False), ("heartpy3", 600, 60, False),
    ("systole", 0, 45, False), ("systole", 50, 30, False), ("systole", 90, 60, False), ("systole", 160, 45, False),
    ("systole", 220, 20, False), ("systole", 250, 60, False),
    ("systole", 90, 60, True), ("heartpy2", 45, 40, True), ("heartpy3", 360, 60, True),
]
# heartpy's data2 starts with the finger off the sensor and then settling (flat, then a dropout
# to zero): no reference can be read from it, and any rate measured on it is wrong.
NO_PULSE = {("heartpy2", 0)}
BREATH_WINDOWS = [
    (30, 60, "still"), (100, 45, "still"), (200, 60, "still"), (300, 30, "still"), (400, 60, "still"),
    (500, 45, "still"), (620, 60, "still"), (760, 40, "still"), (900, 60, "still"), (1050, 45, "still"),
    (1200, 60, "still"), (1330, 60, "still"), (1450, 50, "still"),
    (200, 60, "drift"), (620, 60, "posture"), (1200, 60, "posture"), (400, 60, "motion"),
]


def main(sources, plots):
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(30)
    manifest = ["name,kind,reference,clean,source,start,seconds,added"]
    recordings = {name: (rate, values) for name, rate, values in load_ppg(sources)}
    for source, start, seconds, motion in PPG_WINDOWS:
        rate, values = recordings[source]
        window = values[int(start * rate):int((start + seconds) * rate)]
        peaks, reference, regular, _ = ppg_reference(window, rate)
        name = f"ppg-{source}-{start}s-{seconds}s" + ("-motion" if motion else "")
        t, red = camera(window, rate, rng, motion)
        write(name, "t,red", [t, red])
        if (source, start) in NO_PULSE:
            manifest.append(f"{name},heart-rate,,no,{source},{start},{seconds},finger-off")
        else:
            manifest.append(f"{name},heart-rate,{reference:.2f},{'yes' if regular and not motion else 'no'},{source},{start},{seconds},{'motion' if motion else 'none'}")
        if plots:
            plot(os.path.join(plots, name + ".png"), window, rate, peaks, t, red, f"{name}: reference {reference:.1f} bpm")
    rate, belt = load_respiration(sources)
    for start, seconds, style in BREATH_WINDOWS:
        window = belt[int(start * rate):int((start + seconds) * rate)]
        peaks, reference, regular, _ = breath_reference(window, rate)
        name = f"accel-systole-{start}s-{seconds}s" + ("" if style == "still" else f"-{style}")
        t, x, y, z = chest(window, rate, rng, style)
        write(name, "t,x,y,z", [t, x, y, z])
        clean = regular and style != "motion"
        manifest.append(f"{name},breathing,{reference:.2f},{'yes' if clean else 'no'},systole-respiration,{start},{seconds},{style}")
        if plots:
            plot(os.path.join(plots, name + ".png"), window, rate, peaks, t, z, f"{name}: reference {reference:.1f} /min")
    with open(os.path.join(OUT, "manifest.csv"), "w") as out:
        out.write("\n".join(manifest) + "\n")


def plot(path, window, rate, peaks, t, recorded, title):
    """The native signal with the reference's peaks, above what the phone records."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    figure, (top, bottom) = plt.subplots(2, 1, figsize=(14, 5), sharex=True)
    native_t = np.arange(len(window)) / rate
    top.plot(native_t, window, lw=0.8)
    top.plot(native_t[peaks], np.asarray(window)[peaks], "rv", ms=5)
    top.set_title(title)
    bottom.plot(t, recorded, lw=0.8, color="k")
    bottom.set_xlabel("s")
    figure.tight_layout()
    figure.savefig(path, dpi=70)
    plt.close(figure)


if __name__ == "__main__":
    plots = sys.argv[3] if len(sys.argv) == 4 and sys.argv[2] == "--plots" else None
    if plots:
        os.makedirs(plots, exist_ok=True)
    main(sys.argv[1], plots)
