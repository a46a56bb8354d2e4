"""`healthledger serve` in headless Chromium: pages, numbers, security, live updates, screenshots.

Each check prints one line; the last line is `N passed, N failed`, and the exit code is 1
when any failed.
"""
import argparse
import datetime
import http.client
import http.server
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

PASSPHRASE = "demo passphrase"  # the demo vault's, as `healthledger demo` prints it
AUTHORITY = None  # the Host the dashboard answers to, `hl-<random>.localhost:<port>`, read from its URL


class Run:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}: {detail}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, path, host=None, cookie=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Host": host or AUTHORITY or f"127.0.0.1:{port}"}
    if cookie:
        headers["Cookie"] = f"hl_session={cookie}"
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, dict(response.getheaders()), response.read().decode()


class CLI:
    def __init__(self, binary, vault, passphrase_file):
        self.binary, self.vault, self.passphrase_file = binary, vault, passphrase_file

    def run(self, *arguments):
        command = [self.binary, *arguments, "--vault", self.vault, "--passphrase-file", self.passphrase_file]
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout

    def json_lines(self, *arguments):
        return [json.loads(line) for line in self.run(*arguments).splitlines() if line.strip()]


def browser(width, height, dark=False):
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
    return driver


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def foreign_requests(driver, port):
    urls = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name).concat([location.href])")
    return [url for url in urls if not url.startswith(f"http://{AUTHORITY}/") and not url.startswith("data:")]


class CookieCatcher:
    """Another local user's listener on another port of 127.0.0.1: it notes every Cookie header sent to it."""

    def __init__(self):
        self.cookies = []
        catcher = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                catcher.cookies.append(self.headers.get("Cookie") or "")
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.end_headers()
                self.wfile.write(b"another user's page\n")

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()


def session_isolation_checks(run, driver, port, session):
    """Case 6 of issue 40: the browser holds the session; pages of another listener on this computer
    (127.0.0.1 or localhost, another port) must never receive it."""
    catcher = CookieCatcher()
    try:
        for host in ["127.0.0.1", "localhost"]:
            driver.get(f"http://{host}:{catcher.port}/steal")
        run.check("another listener on 127.0.0.1/localhost (another port) receives no hl_session from the browser",
                  len(catcher.cookies) >= 2 and not any("hl_session" in cookie for cookie in catcher.cookies), catcher.cookies)
    finally:
        catcher.stop()
    for host in [f"127.0.0.1:{port}", f"localhost:{port}"]:
        status, headers, _ = request(port, "GET", "/", host=host, cookie=session)
        run.check(f"the dashboard refuses the shared name {host} (403)", status == 403, status)


def open_flag_checks(run, binary, vault, passphrase_file, work):
    """Case 7 of issue 40: `serve --open` hands xdg-open (and so the browser) a private file, never the token."""
    fake_bin = os.path.join(work, "bin")
    os.makedirs(fake_bin, exist_ok=True)
    argv_file = os.path.join(work, "xdg-open-argv")
    with open(os.path.join(fake_bin, "xdg-open"), "w") as handle:
        handle.write(f'#!/bin/sh\nprintf "%s\\n" "$@" > {argv_file}\n')
    os.chmod(os.path.join(fake_bin, "xdg-open"), 0o755)
    port = free_port()
    environment = dict(os.environ, PATH=fake_bin + ":" + os.environ.get("PATH", "/usr/bin:/bin"), XDG_RUNTIME_DIR=work)
    server = subprocess.Popen([binary, "serve", "--open", "--vault", vault, "--passphrase-file", passphrase_file, "--port", str(port), "--idle", "5m"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    driver = None
    try:
        line = server.stdout.readline()
        token = re.search(r"token=([0-9a-f]+)", line).group(1)
        for _ in range(100):
            if os.path.exists(argv_file) and open(argv_file).read():
                break
            time.sleep(0.1)
        argv = open(argv_file).read().split()
        run.check("serve --open: xdg-open's argv holds a file:// URL and no token", len(argv) == 1 and argv[0].startswith("file://") and token not in argv[0], argv)
        page = urllib.parse.unquote(urllib.parse.urlparse(argv[0]).path)
        with open(f"/proc/{server.pid}/cmdline", "rb") as handle:
            run.check("serve --open: serve's own argv holds no token", token.encode() not in handle.read())
        modes = (oct(os.stat(page).st_mode & 0o777), oct(os.stat(os.path.dirname(page)).st_mode & 0o777))
        run.check("serve --open: the page is 0600 in a 0700 folder", modes == ("0o600", "0o700"), modes)
        driver = browser(1024, 768)
        driver.get(argv[0])
        WebDriverWait(driver, 10).until(lambda d: d.get_cookie("hl_session") is not None)
        cookie = driver.get_cookie("hl_session")
        run.check("serve --open: Chromium follows the page to the dashboard and gets the session on the random name",
                  cookie is not None and re.match(r"http://hl-[0-9a-f]{20}\.localhost:%d/$" % port, driver.current_url) is not None,
                  (cookie, driver.current_url))
        for _ in range(50):
            if not os.path.exists(page):
                break
            time.sleep(0.1)
        run.check("serve --open: the page and its folder are gone once the token is redeemed",
                  not os.path.exists(page) and not os.path.exists(os.path.dirname(page)))
    finally:
        if driver:
            driver.quit()
        server.terminate()
        try:
            server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()


def card_values(driver):
    return {element.get_attribute("data-key"): element.get_attribute("data-value")
            for element in driver.find_elements(By.CSS_SELECTOR, "[data-key]")}


def pages(day, corrected):
    """Every page, on the demo's last day (yesterday where its person lives); `corrected`
    is the id of the mood the demo corrected."""
    return [
        ("today", f"/?date={day}"),
        ("metrics", f"/metrics?col=step_count&col=resting_heart_rate&col=sleep_total&to={day}"),
        ("metrics-week", f"/metrics?col=active_energy&col=step_count&group=week&to={day}"),
        ("weight", f"/weight?date={day}"),
        ("sleep", f"/sleep?date={day}"),
        ("timeline", f"/timeline?date={day}"),
        ("vitals", "/vitals"),
        ("models", "/models"),
        ("query", "/query?q=" + urllib.parse.quote(f"mood avg, mood min by day where between {first_of_month(day)} and {day}")),
        ("entry", "/entry"),
        ("history", "/history"),
        ("event", "/event?id=" + corrected),
    ]


def first_of_month(day):
    return day[:8] + "01"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("--security-only", action="store_true", help="only the session, host and --open checks")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    os.makedirs(arguments.screenshots, exist_ok=True)
    run = Run()
    work = tempfile.mkdtemp(prefix="healthledger-dashboard-")
    vault = os.path.join(work, "vault")
    passphrase_file = os.path.join(work, "passphrase")
    with open(passphrase_file, "w") as handle:
        handle.write(PASSPHRASE + "\n")
    os.chmod(passphrase_file, 0o600)
    subprocess.run([binary, "demo", "--vault", vault, "--days", "45", "--until", demo_last_day()], check=True, capture_output=True)
    cli = CLI(binary, vault, passphrase_file)
    measuring_session(cli, work)
    afternoon_nap(cli)
    port = free_port()
    server = subprocess.Popen([binary, "serve", "--vault", vault, "--passphrase-file", passphrase_file, "--port", str(port), "--idle", "10m"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    drivers = []
    try:
        line = server.stdout.readline()
        match = re.search(r"(http://([^/\s]+)/\?token=[0-9a-f]+)", line)
        run.check("serve prints one URL with a token", match is not None, line)
        if not match:
            return run
        url = match.group(1)
        global AUTHORITY
        AUTHORITY = match.group(2)
        run.check("the URL's host is a random name under .localhost", re.fullmatch(r"hl-[0-9a-f]{20}\.localhost:%d" % port, AUTHORITY) is not None, AUTHORITY)
        base = f"http://{AUTHORITY}"

        status, _, _ = request(port, "GET", "/")
        run.check("a request without the session cookie is refused (401)", status == 401, status)

        driver = browser(1280, 900)
        drivers.append(driver)
        driver.get(url)
        cookie = driver.get_cookie("hl_session")
        run.check("the token is traded for an HttpOnly SameSite=Strict cookie and left out of the URL",
                  cookie is not None and cookie.get("httpOnly") and cookie.get("sameSite") == "Strict" and "token" not in driver.current_url,
                  f"{cookie} {driver.current_url}")
        session = cookie["value"]
        status, _, _ = request(port, "GET", urllib.parse.urlparse(url).path + "?" + urllib.parse.urlparse(url).query)
        run.check("the printed URL works once only (403 the second time)", status == 403, status)
        session_isolation_checks(run, driver, port, session)
        if arguments.security_only:
            return run
        status, _, _ = request(port, "GET", "/", host="evil.example", cookie=session)
        run.check("a foreign Host header is refused even with the cookie (403)", status == 403, status)
        status, _, _ = request(port, "GET", "/", host=f"attacker.test:{port}", cookie=session)
        run.check("a rebinding name on our port is refused (403)", status == 403, status)
        status, headers, page = request(port, "GET", "/", cookie=session)
        csp = headers.get("Content-Security-Policy", "")
        run.check("pages carry a CSP allowing nothing from elsewhere", status == 200 and "default-src 'self'" in csp and "http" not in csp, csp)
        csrf = re.search(r'name="csrf" content="([0-9a-f]+)"', page).group(1)
        size_before = int(cli.run("audit", "--json") and json.loads(cli.run("audit", "--json"))["records"])
        status, _, _ = request(port, "POST", "/entry", cookie=session, body="kind=mood&rating=8&note=no-csrf")
        run.check("a write without the CSRF token is refused (403)", status == 403, status)
        status, _, _ = request(port, "POST", "/entry", cookie=session, body="kind=mood&rating=8&note=bad-csrf&csrf=" + "0" * 64)
        run.check("a write with a wrong CSRF token is refused (403)", status == 403, status)
        status, _, _ = request(port, "POST", "/entry", host="evil.example", cookie=session, body=f"kind=mood&rating=8&csrf={csrf}")
        run.check("a write through a foreign Host is refused (403)", status == 403, status)
        run.check("refused writes stored nothing", json.loads(cli.run("audit", "--json"))["records"] == size_before)

        day = cli.json_lines("log", "--kind", "mood", "--limit", "1", "--json")[0]["start"][:10]
        corrected = [line for line in cli.json_lines("log", "--raw", "--kind", "event.corrected", "--json")][0]["payload"]["target"]
        PAGES = pages(day, corrected)

        # Every page: loads, no console error, nothing fetched from outside 127.0.0.1, charts with marks.
        for name, path in PAGES:
            driver.get(base + path)
            errors = console_errors(driver)
            run.check(f"{name}: no console error", not errors, errors)
            outside = foreign_requests(driver, port)
            run.check(f"{name}: no request leaves 127.0.0.1", not outside, outside)
            run.check(f"{name}: has its heading", bool(driver.find_elements(By.TAG_NAME, "h1")), driver.page_source[:300])
        driver.get(base + PAGES[0][1])
        marks = driver.find_elements(By.CSS_SELECTOR, "svg.spark polyline")
        run.check("today: sparklines have lines", len(marks) >= 3, len(marks))
        driver.get(base + PAGES[1][1])
        marks = driver.find_elements(By.CSS_SELECTOR, "figure.chart svg polyline, figure.chart svg circle")
        run.check("metrics: the charts have marks", len(marks) > 10, len(marks))
        rows = driver.find_elements(By.CSS_SELECTOR, "#metrics-table tr")
        run.check("metrics: the table lists the days", len(rows) > 30, len(rows))
        driver.get(base + f"/weight?date={day}")
        marks = driver.find_elements(By.CSS_SELECTOR, "figure.chart svg circle")
        run.check("weight: the chart has a mark per weighed day", len(marks) > 20, len(marks))
        for algorithm in ("1", "2"):
            budget = json.loads(cli.run("budget", "--json", "--date", day, "--algorithm", algorithm))
            shown = card_values(driver).get(f"maintenance-v{algorithm}")
            run.check(f"weight: maintenance v{algorithm} is `budget --algorithm {algorithm} --json`'s", same(shown, budget["maintenance"]["kcal"]), (shown, budget["maintenance"]))
        driver.get(base + f"/timeline?date={day}")
        kinds = {element.text for element in driver.find_elements(By.CSS_SELECTOR, "#timeline .kind")}
        run.check("timeline: moods, doses and activities in one list", {"mood", "dose", "activity"} <= kinds, kinds)

        # Sleep: every night's stages drawn; the score and contributors are `sleep-score --json`'s, the night `daily --json`'s.
        driver.get(base + f"/sleep?date={day}")
        marks = driver.find_elements(By.CSS_SELECTOR, "#sleep-timeline svg rect.stage")
        run.check("sleep: the nights' stages have marks", len(marks) > 14 * 3, len(marks))
        score = json.loads(cli.run("sleep-score", "--json", "--date", day))
        shown = card_values(driver)
        contributors = {f"contributor-{part['contributor']}": part["score"] for part in score.get("contributors", [])}
        run.check(f"sleep: the score and its contributors are `sleep-score --json`'s ({day})",
                  score["score"] is not None and same(shown.get("sleep-score"), score["score"]) and len(contributors) >= 4
                  and all(same(shown.get(key), value) for key, value in contributors.items()), (shown, score))
        night = cli.json_lines("daily", "--json", "--from", day, "--to", day)[0]["metrics"]
        keys = ["sleep_total", "sleep_deep", "sleep_rem", "bedtime", "wake_time", "naps", "nap_time"]
        run.check("sleep: the night's columns are `daily --json`'s", all(same(shown.get(key), night.get(key)) for key in keys),
                  {key: (shown.get(key), night.get(key)) for key in keys})
        run.check("sleep: the main sleep and the nap are listed", "main sleep" in driver.find_element(By.ID, "night").text
                  and "nap 14:00–14:40" in driver.find_element(By.ID, "night").text, driver.find_element(By.ID, "night").text)
        run.check("sleep: the nap is outlined on the timeline", len(driver.find_elements(By.CSS_SELECTOR, "#sleep-timeline svg rect.nap")) == 1)
        driver.get(base + f"/sleep?date={day}&as-of=2000-01-01")
        run.check("sleep: as of a date before anything, no score", "sleep-score" not in card_values(driver), card_values(driver))

        # Vitals: each reading's rate is `vitals --json`'s; the session has its card.
        driver.get(base + "/vitals")
        readings = {reading["id"]: reading for reading in cli.json_lines("vitals", "--json")}
        shown = {key[len("reading-"):]: value for key, value in card_values(driver).items() if key.startswith("reading-")}
        run.check("vitals: every reading shown has `vitals --json`'s rate",
                  len(shown) > 10 and all(same(value, readings[key].get("rate")) for key, value in shown.items()),
                  [(key, value, readings.get(key, {}).get("rate")) for key, value in list(shown.items())[:5]])
        unreliable = [reading for reading in readings.values() if not reading["reliable"]]
        badges = [element.text for element in driver.find_elements(By.CSS_SELECTOR, "#readings .badge.bad")]
        run.check("vitals: an unreliable reading shows the reason `vitals --json` gives", unreliable and badges == [r["reason"] for r in unreliable], (badges, unreliable))
        cards = driver.find_elements(By.CSS_SELECTOR, "#sessions figure.session-card svg")
        run.check("vitals: the session has its card with its symptom and rate",
                  len(cards) == 1 and "headache" in cards[0].get_attribute("innerHTML").lower() and "bpm" in cards[0].get_attribute("innerHTML"), len(cards))

        driver.get(base + "/vitals?as-of=2000-01-01")
        run.check("vitals: as of a date before anything, no reading and no session",
                  not driver.find_elements(By.CSS_SELECTOR, "#readings tr[data-key]") and not driver.find_elements(By.CSS_SELECTOR, "figure.session-card"))

        # Face models: n, R and MAE are `models list --json`'s; the plots have marks.
        driver.get(base + "/models")
        shown = card_values(driver)
        listed = [model for model in cli.json_lines("models", "list", "--json") if model["status"] == "trained"]
        run.check("models: n, R and MAE of each trained model are `models list --json`'s",
                  listed and all(same(shown.get(f"n-{m['target']}"), m["n"]) and same(shown.get(f"r-{m['target']}"), m["r"])
                                 and same(shown.get(f"mae-{m['target']}"), m["mae"]) for m in listed), (shown, listed))
        run.check("models: the predicted-versus-actual plot has a point per capture",
                  len(driver.find_elements(By.CSS_SELECTOR, "#model-plot svg circle")) >= 2 * (listed[0]["n"] if listed else 1))
        run.check("models: the feature importance chart has bars", len(driver.find_elements(By.CSS_SELECTOR, "#importance-chart svg rect.bar")) > 0)

        driver.get(base + "/models?as-of=2000-01-01")
        run.check("models: as of a date before anything, no model", not driver.find_elements(By.CSS_SELECTOR, "#model-plot"))

        # Adherence: Vitamin D (1x daily since before the demo) over the timeline's 14 days.
        driver.get(base + f"/timeline?date={day}")
        shown = card_values(driver)
        first = time.strftime("%Y-%m-%d", time.gmtime(time.mktime(time.strptime(day, "%Y-%m-%d")) - 13 * 86400 + 43200))
        taken = sum(1 for dose in cli.json_lines("log", "--kind", "dose", "--json")
                    if dose["payload"]["medication"] == "Vitamin D" and first <= dose["start"][:10] <= day)
        run.check("timeline: Vitamin D's doses taken are `log --kind dose`'s and its adherence taken ÷ 14 due",
                  same(shown.get("adherence-vitamind-taken"), taken) and same(shown.get("adherence-vitamind"), min(1, taken / 14)),
                  (shown.get("adherence-vitamind-taken"), taken, shown.get("adherence-vitamind")))

        # Today: the day's doses due and taken, counted as the timeline counts them.
        driver.get(base + f"/?date={day}")
        shown = card_values(driver)
        taken_today = sum(1 for dose in cli.json_lines("log", "--kind", "dose", "--json")
                          if dose["payload"]["medication"] == "Vitamin D" and dose["start"][:10] == day)
        run.check("today: Vitamin D's doses taken that day are `log --kind dose`'s, of 1 due",
                  same(shown.get("adherence-vitamind-taken"), taken_today) and same(shown.get("adherence-vitamind"), min(1, taken_today)),
                  (shown.get("adherence-vitamind-taken"), taken_today, shown.get("adherence-vitamind")))

        # An event's versions: History links each row to them; they are `show --json`'s.
        shown_event = json.loads(cli.run("show", corrected, "--json"))
        correction = cli.json_lines("log", "--raw", "--kind", "event.corrected", "--json")[0]
        driver.get(base + "/history")
        links = driver.find_elements(By.CSS_SELECTOR, f'#log a[href^="/event?id={corrected}"]')
        run.check("history: the correction's row links to the corrected event's versions", bool(links))
        if links:
            links[0].click()
        versions = driver.find_elements(By.CSS_SELECTOR, "#versions li")
        run.check("event: the original and every amendment, as `show --json` lists them",
                  len(versions) == 1 + len(shown_event["amendments"]) and shown_event["payload"]["note"] in driver.find_element(By.ID, "event-now").text,
                  (len(versions), shown_event["amendments"]))
        for path, named in [("/event?id=12ab", "id 12ab"), ("/models?target=nope", "target nope"), ("/sleep?date=2026-13-45", "date 2026-13-45")]:
            status, _, page = request(port, "GET", path, cookie=session)
            run.check(f"{path} is refused (400) naming the input", status == 400 and named in page, (status, page[-300:]))
        driver.get(base + f"/event?id={corrected}&as-of={correction['sequence']}")
        run.check("event: as of before the correction, only the original", len(driver.find_elements(By.CSS_SELECTOR, "#versions li")) == 1
                  and shown_event["payload"]["note"] not in driver.find_element(By.ID, "event-now").text)

        # Numbers are the CLI's: a day's cards against `daily --json`, the budget against `budget --json`.
        driver.get(base + f"/?date={day}")
        shown = card_values(driver)
        daily = cli.json_lines("daily", "--json", "--from", day, "--to", day)[0]["metrics"]
        differences = {key: (value, daily.get(key)) for key, value in shown.items()
                       if key not in ("budget", "eaten", "credit") and not key.startswith("adherence-") and not same(value, daily.get(key))}
        steps = driver.find_element(By.CSS_SELECTOR, '[data-key="step_count"] .value').text
        run.check("a card groups thousands as people read them (10,233 steps)",
                  shown.get("step_count") and steps == f"{round(float(shown['step_count'])):,}", (steps, shown.get("step_count")))
        run.check(f"the day's numbers are `daily --json`'s ({day})", not differences and sum(1 for v in shown.values() if v) > 5, (differences, shown))
        budget = json.loads(cli.run("budget", "--json", "--date", day))
        run.check("the day's budget, eaten and credit are `budget --json`'s",
                  same(shown["budget"], budget["budget"]) and same(shown["credit"], budget["credit"]) and same(shown["eaten"], budget["eatenToday"]),
                  (shown.get("budget"), budget["budget"], shown.get("credit"), budget["credit"]))

        # A query typed into the box shows the CLI's rows.
        driver.get(base + "/query")
        box = driver.find_element(By.ID, "q")
        query = f"mood avg, mood min by day where between {first_of_month(day)} and {day}"
        box.send_keys(query)
        driver.find_element(By.ID, "run").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "query-result"))
        cells = [[cell.text for cell in row.find_elements(By.TAG_NAME, "td")] for row in driver.find_elements(By.CSS_SELECTOR, "#query-result tr")[1:]]
        expected = [re.split(r"\s{2,}", line.strip()) for line in cli.run("query", query).splitlines()[1:] if line.strip() and line != "(no rows)"]
        run.check("a typed query shows the CLI's rows", cells == expected and len(cells) > 3, (cells[:3], expected[:3]))
        run.check("the query's chart has marks", len(driver.find_elements(By.CSS_SELECTOR, "figure.chart svg circle, figure.chart svg rect.bar, figure.chart svg polyline")) > 0)
        driver.get(base + "/query?q=" + urllib.parse.quote("mood where ratng < 3"))
        error = driver.find_element(By.ID, "query-error").text
        run.check("a query error shows the caret and the suggestion", "^" in error and "did you mean 'rating'" in error, error)

        # A quick entry appears on Today and in `healthledger log`.
        size_before_entry = json.loads(cli.run("audit", "--json"))["records"]
        driver.get(base + "/entry")
        form = driver.find_element(By.ID, "entry-mood")
        form.find_element(By.NAME, "rating").send_keys("9")
        form.find_element(By.NAME, "note").send_keys("from the browser")
        form.find_element(By.TAG_NAME, "button").click()
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "notice")).text
        run.check("the quick entry is stored", notice.startswith("Stored #") and "mood.rated" in notice, notice)
        driver.get(base + "/")
        run.check("the quick entry shows on Today", "from the browser" in driver.find_element(By.ID, "moods").text, driver.find_element(By.ID, "moods").text)
        logged = cli.json_lines("log", "--kind", "mood", "--limit", "1", "--json")
        run.check("the quick entry is in `healthledger log`", "from the browser" in json.dumps(logged), logged)
        driver.get(base + "/entry")
        form = driver.find_element(By.ID, "entry-weight")
        form.find_element(By.NAME, "weight").send_keys("-5kg")
        form.find_element(By.TAG_NAME, "button").click()
        notice = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "notice")).text
        run.check("a weight the CLI refuses is refused with its message", "not a possible body weight" in notice, notice)

        # "As of": the view before the entry has the older mood numbers, as `daily --as-of-seq` has them.
        driver.get(base + f"/?as-of={size_before_entry}")
        older = card_values(driver)
        today = driver.find_element(By.CSS_SELECTOR, "main p.muted").text.split(" ")[0]
        daily_then = cli.json_lines("daily", "--json", "--from", today, "--to", today, "--as-of-seq", str(size_before_entry))[0]["metrics"]
        now = card_values_now(driver, base)
        run.check("as of a sequence shows the older numbers (`daily --as-of-seq`'s), not today's",
                  all(same(older[key], daily_then.get(key)) for key in TODAY_KEYS) and older["mood_avg"] != now["mood_avg"],
                  (older, daily_then, now.get("mood_avg")))
        driver.get(base + "/?as-of=2000-01-01")
        run.check("as of an early date shows the numbers before anything was recorded", card_values(driver).get("step_count") == "", card_values(driver))

        # Live: another process appends; the open page updates without a reload.
        driver.get(base + "/")
        time.sleep(1)
        marker = driver.execute_script("window.__sameDocument = true; return true")
        started = time.time()
        cli.run("mood", "4", "--note", "appended elsewhere")
        # The page swaps its <main> when it re-reads itself: an element found just before the swap goes stale.
        WebDriverWait(driver, 5, poll_frequency=0.1, ignored_exceptions=[StaleElementReferenceException]).until(
            lambda d: "appended elsewhere" in d.find_element(By.ID, "moods").text)
        elapsed = time.time() - started
        run.check("an append from the CLI shows on the open page without a reload",
                  marker and driver.execute_script("return window.__sameDocument === true"), "reloaded")
        print(f"      live update after {elapsed:.2f} s (includes the CLI's own unlock)")

        # The audit button.
        driver.get(base + "/history")
        driver.find_element(By.ID, "run-audit").click()
        report = WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "audit-report")).text
        run.check("the audit button runs the audit", "audit clean" in report, report)
        driver.get(base + "/")
        run.check("today shows the audit badge", "audit clean" in driver.find_element(By.ID, "audit").text)

        # Screenshots: every page at desktop and phone width, light and dark.
        for label, width, height, dark in [("desktop", 1280, 900, False), ("phone", 390, 844, False), ("desktop-dark", 1280, 900, True), ("phone-dark", 390, 844, True)]:
            shooter = driver if label == "desktop" else browser(width, height, dark)
            if shooter is not driver:
                drivers.append(shooter)
                shooter.get(base + "/assets/app.css")
                shooter.add_cookie({"name": "hl_session", "value": session, "path": "/", "httpOnly": True, "sameSite": "Strict"})
            for name, path in PAGES:
                shooter.get(base + path)
                total = shooter.execute_script("return document.documentElement.scrollHeight")
                shooter.set_window_size(width, min(max(total, height), 4000))
                shooter.save_screenshot(os.path.join(arguments.screenshots, f"{name}-{label}.png"))
                shooter.set_window_size(width, height)
        print(f"      screenshots in {arguments.screenshots}")
    finally:
        for driver in drivers:
            driver.quit()
        server.terminate()
        try:
            _, errors = server.communicate(timeout=20)
            run.check("Ctrl-C/SIGTERM stops the server cleanly", server.returncode == 0, (server.returncode, errors[-500:]))
        except subprocess.TimeoutExpired:
            server.kill()
            run.check("SIGTERM stops the server within 20 s", False)
        open_flag_checks(run, binary, vault, passphrase_file, work)
        shutil.rmtree(work, ignore_errors=True)
    return run


TODAY_KEYS = ["step_count", "mood_avg", "doses_taken"]
DEMO_UTC_OFFSET = datetime.timedelta(hours=1)  # where the demo's person lives


def demo_last_day():
    """Yesterday where the demo's person lives: every hour of it has passed, so an entry typed
    at any time of that day is not in the future, whatever the hour the test runs."""
    here = datetime.datetime.now(datetime.timezone.utc) + DEMO_UTC_OFFSET
    return (here.date() - datetime.timedelta(days=1)).isoformat()


def afternoon_nap(cli):
    """A 40-minute nap on the demo's last day, apart from its night."""
    start = cli.json_lines("log", "--kind", "mood", "--limit", "1", "--json")[0]["start"]
    day, offset = start[:10], start[19:]
    cli.run("append", "category.recorded", "type=HKCategoryTypeIdentifierSleepAnalysis", "value=HKCategoryValueSleepAnalysisAsleepUnspecified",
            "--at", f"{day}T14:00:00{offset}", "--end", f"{day}T14:40:00{offset}")


def measuring_session(cli, work):
    """A vitals session as a person records one: a pulse from the camera, a symptom, a note."""
    cli.run("session", "start", "--note", "after the stairs")
    recording = os.path.join(work, "pulse.csv")
    with open(recording, "w") as handle:
        handle.write("t,red\n")
        for frame in range(900):
            t = frame / 30
            handle.write(f"{t:.4f},{180 - 3 * math.sin(2 * math.pi * 1.2 * t) + 0.2 * math.sin(37 * t):.3f}\n")
    cli.run("measure", "heart-rate", recording)
    cli.run("session", "add", "headache", "--severity", "2")
    cli.run("session", "end")
    still = os.path.join(work, "still.csv")
    with open(still, "w") as handle:
        handle.write("t,x,y,z\n" + "".join(f"{sample / 30:.4f},0.001,0,0\n" for sample in range(1200)))
    cli.run("measure", "breathing", still, "--no-session")


def same(shown, cli_value):
    """A page's data-value and the CLI's JSON number: both absent, or equal to 1e-9."""
    if cli_value is None or shown in (None, ""):
        return cli_value is None and shown in (None, "")
    return abs(float(shown) - float(cli_value)) <= 1e-9 * max(1.0, abs(float(cli_value)))


def card_values_now(driver, base):
    driver.get(base + "/")
    return card_values(driver)


if __name__ == "__main__":
    result = main()
    print(f"dashboard: {result.passed} passed, {result.failed} failed")
    sys.exit(1 if result.failed else 0)
