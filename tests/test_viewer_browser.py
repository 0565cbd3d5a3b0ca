"""The viewer in a real browser: Debian's headless Chromium driven by Playwright (no downloaded
browser). Skipped only when no chromium binary is installed (`apt-get install chromium`)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from ledger_fixtures import SAMPLE_IDS, fields_of, folder_of
from lifecycle_fixtures import FIRST_ID, SECOND_ID
from viewer_fixtures import HOSTILE_ID, served, served_folder, viewer_ledger

from ledger.config import Config
from ledger.viewer.site import write_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = os.environ.get("LEDGER_CHROMIUM") or next(
    filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None
)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary installed")


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> Config:
    return viewer_ledger(tmp_path_factory.mktemp("browser"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    opened = browser.new_page(viewport={"width": 1280, "height": 900})
    problems: list[str] = []
    opened.on("pageerror", lambda error: problems.append(str(error)))
    opened.on(
        "console",
        lambda message: problems.append(message.text) if message.type == "error" else None,
    )
    yield opened
    opened.close()
    assert not problems, problems  # no script error, no resource refused by the CSP


@pytest.fixture(scope="module")
def url(ledger: Config) -> Iterator[str]:
    with served(ledger.root) as base:
        yield base


def _rows(page: Page) -> list[str]:
    return page.locator("li.session:visible a.title").all_inner_texts()


def test_timeline_filter_session_turn(page: Page, url: str) -> None:
    page.goto(url + "/")
    assert "Fix JWT expiry on non-UTC hosts" in _rows(page)
    page.select_option("select[name=project]", "/home/dev/notes-app")
    page.click("#filters button[type=submit]")
    page.wait_for_url("**project=*")
    rows = _rows(page)
    assert len(rows) == 2 and all("drafts" in row.lower() for row in rows)
    page.goto(url + "/")
    page.click("text=Fix JWT expiry on non-UTC hosts")
    assert page.locator("h1").inner_text() == "Fix JWT expiry on non-UTC hosts"
    page.fill("#jump input[name=turn]", "7")
    page.click("#jump button")
    page.wait_for_url("**#turn-7")
    turn = page.locator("#turn-7")
    assert turn.is_visible() and "Turn 7" in turn.inner_text()
    assert page.evaluate("document.getElementById('turn-7').getBoundingClientRect().top") < 300
    page.locator("ul.cards .turns a").first.click()
    assert page.evaluate("location.hash").startswith("#turn-")


def test_search_from_the_header(page: Page, url: str) -> None:
    page.goto(url + "/")
    page.fill("header input[name=q]", "IndexedDB drafts")
    page.press("header input[name=q]", "Enter")
    page.wait_for_url("**/search?q=*")
    results = page.locator("ol.results li").all_inner_texts()
    assert any("keep drafts in IndexedDB" in r for r in results)
    assert page.locator("ol.results mark").count() > 0


def test_follow_the_supersedes_chain(page: Page, url: str, ledger: Config) -> None:
    (old,) = folder_of(ledger.root, FIRST_ID).glob("decision-*.md")
    (new,) = folder_of(ledger.root, SECOND_ID).glob("decision-*.md")
    page.goto(url + f"/finding/{fields_of(old)['id']}")
    assert page.locator(".badges .status").inner_text() == "superseded"
    page.locator("section.lifecycle ol.chain a").first.click()
    page.wait_for_url(f"**/finding/{fields_of(new)['id'].strip(chr(34))}")
    assert "Move drafts server-side" in page.locator("h1").inner_text()  # the new decision
    page.locator("section.lifecycle ol.chain a").first.click()
    page.wait_for_url(f"**/finding/{fields_of(old)['id']}")


def test_hostile_markup_shows_as_text(page: Page, url: str, ledger: Config) -> None:
    hostile = folder_of(ledger.root, HOSTILE_ID)
    pages = [f"/session/{HOSTILE_ID}", "/", "/search?q=pwned"]
    pages += [f"/finding/{fields_of(f)['id'].strip(chr(34))}" for f in hostile.glob("[!_]*.md")]
    for path in pages:
        page.goto(url + path)
        assert page.evaluate("window.__pwned") is None, path
        assert page.locator("main img, main script").count() == 0, path
        assert page.locator("a[href^='javascript:']").count() == 0, path
    page.goto(url + f"/session/{HOSTILE_ID}")
    shown = page.locator("main").inner_text()
    assert '<img src=x onerror="window.__pwned=1">' in shown
    assert "{{ 7*7 }}" in shown and "<script>window.__pwned=3</script>" in shown


def test_unknown_session_shows_the_404_page(browser: Browser, url: str) -> None:
    page = browser.new_page()  # its console rightly reports the 404
    answer = page.goto(url + "/session/nope")
    assert answer is not None and answer.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    page.close()


def test_the_static_site_filters_and_searches_in_the_browser(
    page: Page, ledger: Config, tmp_path: Path
) -> None:
    site = write_site(ledger.root, tmp_path / "public").folder
    with served_folder(site) as base:
        page.goto(base + "/index.html")
        page.select_option("select[name=project]", "/home/dev/notes-app")
        page.click("#filters button[type=submit]")
        assert len(_rows(page)) == 2
        assert page.locator("#count").inner_text().startswith("2 of")
        page.fill("header input[name=q]", "safari evicts")
        page.press("header input[name=q]", "Enter")
        page.wait_for_selector("ol.results li")
        assert "Safari" in page.locator("ol.results").inner_text()
        page.locator("ol.results li a").first.click()
        assert "finding/" in page.url and "Safari" in page.locator("h1").inner_text()
        page.goto(base + f"/session/{SAMPLE_IDS[0]}.html#turn-3")
        assert page.locator("#turn-3").is_visible()
        page.goto(base + f"/session/{HOSTILE_ID}.html")
        assert page.evaluate("window.__pwned") is None
