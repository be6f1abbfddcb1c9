"""The web board of `vdl serve` in a real browser (Debian's Chromium, driven by
Playwright): the cells a clicked piece marks are the cells `vdl moves --json`
gives, moves are played by click and by drag, undo/redo and the FEN box work, a
capture of every Ultima capture mode removes exactly the pieces the move says,
and the page follows its definition file as it is edited and broken.

Usage: board_test.py VDL OUTDIR   (screenshots go to OUTDIR; prints one line per check)
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

VDL = sys.argv[1]
OUT = sys.argv[2]
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
checks = 0


def check(ok, what):
    global checks
    if not ok:
        raise AssertionError(what)
    checks += 1


def legal(definition, fen=None):
    args = [VDL, "moves", definition, "--json"] + (["--fen", fen] if fen else [])
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


class Server:
    def __init__(self, definition):
        self.proc = subprocess.Popen(
            [VDL, "serve", definition, "--port", "0", "--movetime", "100"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        found = re.search(r"http://\S+/", line)
        if not found:
            raise AssertionError("vdl serve printed no address: " + line + self.proc.stderr.read())
        self.url = found.group(0)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def open_board(browser, url):
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(url)
    page.wait_for_selector("#board svg .cell")
    return page


def version(page):
    return page.eval_on_selector("#board", "b => b.dataset.version")


def wait_change(page, before):
    page.wait_for_function(
        "v => document.getElementById('board').dataset.version !== v", arg=before)


def point(page, cell):
    box = page.locator(f'#board .cell[data-cell="{cell}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click(page, cell):
    page.mouse.click(*point(page, cell))


def drag(page, start, end):
    page.mouse.move(*point(page, start))
    page.mouse.down()
    page.mouse.move(*point(page, end), steps=4)
    page.mouse.up()


def marked(page, what):
    return sorted(page.eval_on_selector_all(
        f"#board .{what}", f"els => els.map(e => e.dataset.{what})"))


def pieces(page):
    return dict(page.eval_on_selector_all(
        "#board .piece", "els => els.map(e => [e.dataset.cell, e.dataset.piece])"))


def settled_pieces(page, want, seconds=10):
    """The pieces on the page once they are `want`, or after `seconds`: a busy
    machine may draw the record before the board."""
    deadline = time.time() + seconds
    while True:
        got = pieces(page)
        if got == want or time.time() > deadline:
            return got
        page.wait_for_timeout(50)


def record(page):
    return page.eval_on_selector_all("#record li", "els => els.map(e => e.textContent)")


def play(page, start, end, notation=None):
    """Click a piece, then its target; choose among several moves by notation."""
    before = version(page)
    click(page, start)
    click(page, end)
    if page.locator("#choices .choice").count():
        page.locator("#choices .choice", has_text=notation).first.click()
    wait_change(page, before)
    if notation:
        # A busy machine may redraw the board (a selection) before the move comes
        # back from the server: wait for the move itself.
        page.wait_for_function(
            "n => [...document.querySelectorAll('#record li')].some(e => e.textContent === n)",
            arg=notation)


def every_piece_marks_its_moves(page, definition, fen=None):
    """Click every piece with moves: the marked cells are those of `vdl moves --json`."""
    moves = legal(definition, fen)
    starts = sorted({m["from"] for m in moves})
    check(starts, f"{definition}: the position has moves")
    for start in starts:
        click(page, start)
        want = sorted({m["to"] for m in moves if m["from"] == start})
        got = marked(page, "target")
        check(got == want, f"{definition} {start}: page marks {got}, vdl moves gives {want}")
        victims = sorted({c for m in moves if m["from"] == start for c in m["captures"]})
        check(marked(page, "victim") == victims, f"{definition} {start}: victims")
        page.click("#name")  # a click off the board clears the marks
        check(marked(page, "target") == [], f"{definition} {start}: marks cleared")
    return len(starts)


def chess(browser):
    server = Server("definitions/chess.vdl")
    try:
        page = open_board(browser, server.url)
        n = every_piece_marks_its_moves(page, "definitions/chess.vdl")
        print(f"chess: the marks of all {n} pieces with moves are vdl's moves")
        play(page, "g1", "f3")
        check(pieces(page).get("f3") == "N" and "g1" not in pieces(page), "Ng1-f3 by clicks")
        before = version(page)
        drag(page, "e7", "e5")
        wait_change(page, before)
        check(pieces(page).get("e5") == "p", "e7-e5 by drag")
        check(record(page) == ["N g1-f3", "p e7-e5"], f"record {record(page)}")
        before = version(page)
        page.click("#undo")
        wait_change(page, before)
        check(record(page) == ["N g1-f3"] and pieces(page).get("e7") == "p", "undo")
        before = version(page)
        page.click("#redo")
        wait_change(page, before)
        check(record(page) == ["N g1-f3", "p e7-e5"], "redo")
        fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
        before = version(page)
        page.fill("#fen", fen)
        page.click("#set-fen")
        wait_change(page, before)
        check(page.input_value("#fen") == fen and pieces(page) == {"e8": "k", "a7": "P", "e1": "K"},
              "the FEN box sets the position")
        click(page, "a7")
        click(page, "a8")
        choices = sorted(page.eval_on_selector_all("#choices .choice", "els => els.map(e => e.textContent)"))
        want = sorted(m["notation"] for m in legal("definitions/chess.vdl", fen) if m["from"] == "a7")
        check(len(want) == 4 and choices == want, f"a promotion offers {choices}, not {want}")
        page.screenshot(path=os.path.join(OUT, "chess-promotion.png"))
        before = version(page)
        queen = next(c for c in choices if c.endswith("Q-a8"))  # K+B or K+N v K is dead
        page.locator("#choices .choice", has_text=queen).click()
        wait_change(page, before)
        check(record(page) == [queen] and pieces(page).get("a8") == "Q", "promoted")
        before = version(page)
        page.select_option("#engine-side", "black")
        wait_change(page, before)
        page.wait_for_function("() => document.querySelectorAll('#record li').length === 2")
        check(len(record(page)) == 2, "the engine answers as Black")
        print("chess: click, drag, undo, redo, FEN, promotion choice and the engine work")
    finally:
        server.stop()


def shapes(browser, definition, name):
    server = Server(definition)
    try:
        page = open_board(browser, server.url)
        n = every_piece_marks_its_moves(page, definition)
        page.screenshot(path=os.path.join(OUT, f"{name}.png"))
        print(f"{name}: the marks of all {n} pieces with moves are vdl's moves")
    finally:
        server.stop()


def ultima(browser):
    """One capture of every Ultima capture mode, played on the page, then undone."""
    fen = "4P2k/4p3/8/p7/5Qpn/3R4/1pN4B/K3P3 w"
    moves = legal("definitions/ultima.vdl", fen)
    server = Server("definitions/ultima.vdl")
    try:
        page = open_board(browser, server.url)
        before = version(page)
        page.fill("#fen", fen)
        page.click("#set-fen")
        wait_change(page, before)
        start = pieces(page)
        played = []
        for kind in "PRNBQK":  # pincer, coordinate, overtake, chameleon, withdraw, replacement
            m = next(m for m in moves if m["notation"].startswith(kind + " ") and m["captures"])
            play(page, m["from"], m["to"], m["notation"])
            want = {c: p for c, p in start.items() if c not in m["captures"] and c != m["from"]}
            want[m["to"]] = start[m["from"]]
            after = settled_pieces(page, want)
            check(after == want, f"{m['notation']}: the page shows {after}, the move gives {want}")
            check(record(page) == [m["notation"]], f"record {record(page)}")
            played.append(f"{m['notation']} x {','.join(m['captures'])}")
            if kind == "N":
                page.screenshot(path=os.path.join(OUT, "ultima-long-leaper.png"))
            before = version(page)
            page.click("#undo")
            wait_change(page, before)
            check(pieces(page) == start, "undo restores the position")
        print("ultima: each capture mode removes what it says: " + "; ".join(played))
    finally:
        server.stop()


def editing(browser):
    """The page follows the file: a change shows at once, an error shows its
    diagnostic and keeps the board, a fix shows the new board again."""
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "edited.vdl")
    text = open("definitions/chess.vdl", encoding="utf-8").read()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # the definition names its network, a file beside it
    shutil.copy("definitions/chess.net", folder)
    server = Server(path)
    try:
        page = open_board(browser, server.url)
        play(page, "e2", "e4")
        board = page.inner_html("#board")
        before = version(page)
        changed = text.replace('variant "Chess"', 'variant "Chess with threeleaping knights"').replace(
            'piece Knight N { moves "N" }', 'piece Knight N { moves "NH" }')
        with open(path, "w", encoding="utf-8") as f:
            f.write(changed)
        wait_change(page, before)
        check(page.inner_text("#name") == "Chess with threeleaping knights", "the new name shows")
        check(record(page) == ["P e2-e4"], "the game is kept on the new rules")
        click(page, "g8")
        check(marked(page, "target") == ["f6", "g5", "h6"], "the knight leaps as the file says now")
        page.click("#name")
        broken_text = changed.replace("piece Queen  Q { moves \"Q\" }",
                                      "piece Queen  Q { moves \"Q\" royall }")
        line = broken_text[:broken_text.index("royall")].count("\n") + 1
        column = len(broken_text[:broken_text.index("royall")].rsplit("\n", 1)[-1]) + 1
        board = page.inner_html("#board svg")
        with open(path, "w", encoding="utf-8") as f:
            f.write(broken_text)
        page.wait_for_selector("#diagnostics li.diagnostic")
        shown = page.inner_text("#diagnostics li.diagnostic")
        check(shown.startswith("vdl::") and f":{line}:{column}:" in shown,
              f"the diagnostic names its code and {line}:{column}: {shown}")
        check("royal" in page.inner_text("#diagnostics"), "the help suggests `royal`")
        check(page.inner_html("#board svg") == board, "the last good board stays")
        page.screenshot(path=os.path.join(OUT, "edited-broken.png"))
        before = version(page)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        wait_change(page, before)
        page.wait_for_function("() => document.getElementById('diagnostics').style.display === 'none'")
        check(page.inner_text("#name") == "Chess", "fixed: the board follows the file again")
        click(page, "g8")
        check(marked(page, "target") == ["f6", "h6"], "knights move as knights again")
        print(f"editing: a change shows at once, an error shows {shown.split(' ')[0]} "
              f"at {line}:{column} and keeps the board, a fix brings the board back")
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def duck(browser):
    """Duck chess: a move, then its wall (the duck) on a marked cell."""
    server = Server("definitions/duck.vdl")
    try:
        page = open_board(browser, server.url)
        before = version(page)
        click(page, "e2")
        click(page, "e4")
        walls = sorted(page.eval_on_selector_all(
            "#board .wall-target", "els => els.map(e => e.dataset.wallTarget)"))
        expected = sorted(m["wall"] for m in legal("definitions/duck.vdl")
                          if m["from"] == "e2" and m["to"] == "e4")
        check(walls == expected and len(walls) == 32, f"the duck's cells are marked: {walls}")
        click(page, "d5")
        wait_change(page, before)
        page.wait_for_function(
            "() => [...document.querySelectorAll('#record li')].some(e => e.textContent === 'P e2-e4; *-d5')")
        # the record may be drawn before the board on a loaded machine
        page.wait_for_selector('#board .wall[data-cell="d5"]', timeout=10_000)
        check(page.locator('#board .wall[data-cell="d5"]').count() == 1, "the duck stands on d5")
        check(pieces(page).get("e4") == "P", "the pawn stands on e4")
        page.screenshot(path=os.path.join(OUT, "duck.png"))
        print("duck: a move, then the duck on a marked cell, by clicks")
    finally:
        server.stop()


def main():
    os.makedirs(OUT, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            chess(browser)
            shapes(browser, "definitions/rococo.vdl", "rococo")
            shapes(browser, "definitions/panoply.vdl", "panoply")
            ultima(browser)
            editing(browser)
            duck(browser)
        finally:
            browser.close()
    print(f"{checks} passed, 0 failed")


if __name__ == "__main__":
    main()
