"""Fewer steps to a decision, each still a preview first (issue 24, point 3; DX.2).

A preview is confirmed where the eye already is: a second click on the
previewed tile, Enter, or the confirm control drawn beside it; a drop is a
preview; a forced draw or pass is one click to preview and one to confirm;
no button moves under the pointer. The scripted 11-tile first turn counts
its clicks (the figures are printed: ``pytest -s``).
"""

from __future__ import annotations

import itertools

from gui_helpers import centre_of, click, key, pump, start, window  # noqa: F401 - the window fixture
from mt_helpers import rigged, session

from roundhouse.core.game.actions import Draw, Pass, PlaceEngine, Play
from roundhouse.core.game.tiles import Tile

CHAIN = ["12-0", "0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-8", "8-9", "9-10"]
"""Seat 1's first turn: eleven tiles, each with a single place (its own train); then nothing matches."""

_clock = itertools.count(10_000, 1_000)
"""Event times a second apart: two clicks are never taken for a double click."""


def chain_table():
    """Two players: seat 1 holds the engine and an 11-tile chain from it."""
    deal = rigged({1: ["12-12", *CHAIN, "11-11", "3-11"], 2: ["5-11", "6-11", "7-11"]}, players=2)
    return session(2, [deal])


def stuck_table():
    """Two players: seat 2 holds the engine; seat 1 can play nothing, in its first turn or after."""
    deal = rigged(
        {1: ["1-1", "1-2", "2-2"], 2: ["12-12", "12-3", "3-4", "4-5", "12-6"]},
        stock=["1-3", "2-3", "1-4"],
        players=2,
    )
    return session([_seat("Ana"), _seat("Bo", "random")], [deal])


def _seat(name, bot=None):
    from roundhouse.core.play.session import Seat

    return Seat(name, bot)


def press_hand(app, tile) -> None:
    """A click (press and release) on hand tile ``tile``, as the mouse gives it."""
    app.hand.update_idletasks()
    x, y = centre_of(app.hand, f"hand:{tile}")
    at = next(_clock)
    app.hand.event_generate("<ButtonPress-1>", x=x, y=y, time=at)
    app.hand.event_generate("<ButtonRelease-1>", x=x, y=y, time=at + 50)
    pump(app.root)


def click_confirm(app) -> None:
    """Confirm where the eye is: the control drawn beside the preview, else (older windows) the Confirm button."""
    if app.table.find_withtag("preview:confirm"):
        click(app, app.table, "preview:confirm")
    else:
        app.buttons["confirm"].invoke()
        pump(app.root)


def test_DX_2_an_11_tile_first_turn_takes_two_clicks_a_tile(window):  # noqa: F811
    app = window
    s = start(app, chain_table())
    clicks = []
    for tile in ["12-12", *CHAIN]:
        tile = Tile.parse(tile)
        press_hand(app, tile)
        count = 1
        if s.preview_pending is None:  # only selected: the place is clicked too
            click(app, app.table, next(iter(app.table.find_withtag("lit"))))
            count += 1
        assert s.preview_pending is not None and s.preview_pending.action.tile == tile, "a preview first (DX.2)"
        assert tile in s.view(1).hand, "nothing is played before it is confirmed"
        click_confirm(app)
        clicks.append(count + 1)
        assert tile not in s.view(1).hand
    assert isinstance(s.log[0].action, PlaceEngine)
    assert [str(e.action.tile) for e in s.log[1:12]] == [str(Tile.parse(t)) for t in CHAIN]
    print(f"\nclicks: engine {clicks[0]}, the 11-tile first turn {sum(clicks[1:])}")
    assert clicks == [2] * 12, "select-and-place is one click on a tile with one place, confirming one more"


def test_DX_2_a_second_click_on_the_previewed_tile_confirms_it(window):  # noqa: F811
    app = window
    s = start(app, chain_table())
    press_hand(app, "12-12")
    assert s.preview_pending is not None and isinstance(s.preview_pending.action, PlaceEngine)
    press_hand(app, "12-12")
    assert s.preview_pending is None and isinstance(s.log[-1].action, PlaceEngine)
    press_hand(app, "0-12")
    key(app, "<Return>")
    assert s.log[-1].action == Play(Tile.parse("0-12"), 1), "Enter confirms too"


def test_DX_2_the_controls_beside_the_preview_confirm_and_cancel_it(window):  # noqa: F811
    app = window
    s = start(app, chain_table())
    press_hand(app, "12-12")
    ghost = app.table.bbox("ghost")
    marks = app.table.bbox("preview-mark")
    assert marks is not None, "controls are drawn beside the preview"
    beside = 0 <= marks[0] - ghost[2] < 20 and marks[1] < ghost[3] and marks[3] > ghost[1]
    assert beside, "just beside the previewed engine"
    click(app, app.table, "preview:cancel")
    assert s.preview_pending is None and not s.log and not app.table.find_withtag("preview-mark")
    press_hand(app, "12-12")
    click(app, app.table, "preview:confirm")
    assert isinstance(s.log[-1].action, PlaceEngine)


def test_DX_2_a_drop_is_a_preview_that_one_click_confirms(window):  # noqa: F811
    from test_tk_table_gui import drag

    app = window
    s = start(app, chain_table())
    place = app.table.find_withtag("target:@centre")
    x, y = centre_of(app.table, place[0])
    drag(app, "hand:12-12", app.table, x - int(app.table.canvasx(0)), y - int(app.table.canvasy(0)))
    assert s.preview_pending is not None and not s.log, "the drop previews; nothing is played yet"
    click_confirm(app)
    assert isinstance(s.log[-1].action, PlaceEngine)


def test_DX_2_a_forced_pass_and_a_forced_draw_take_a_click_or_two_on_the_hand(window):  # noqa: F811
    app = window
    s = start(app, stuck_table())
    assert s.legal_actions() == [Pass()], "seat 1 cannot play in its first turn"
    assert s.preview_pending is not None, "a forced pass is shown with its reason (DX.2)"
    press_hand(app, "1-1")
    assert (1, Pass()) in [(e.seat, e.action) for e in s.log], "one click on the hand acknowledges it"
    assert pump(app.root, lambda: s.human_to_move and s.legal_actions() == [Draw()], 10)
    hand = list(s.view(1).hand)
    press_hand(app, "2-2")
    assert s.preview_pending is not None and s.preview_pending.action == Draw(), "one click previews the draw"
    assert list(s.view(1).hand) == hand, "nothing is drawn yet"
    press_hand(app, "2-2")
    assert s.log[-1].action == Draw() and len(s.view(1).hand) == len(hand) + 1, "a second click confirms it"


def test_buttons_never_move_under_the_pointer(window):  # noqa: F811
    app = window
    s = start(app, chain_table())

    def places():
        app.root.update_idletasks()
        widgets = {**app.buttons, "order": app.order_button, "arrange": app.arrange_button}
        return {name: (w.winfo_ismapped(), w.winfo_rootx(), w.winfo_rooty()) for name, w in widgets.items()}

    before = places()
    assert not s.view(1).phase == "normal" and app.buttons["end_turn"].instate(["disabled"])
    press_hand(app, "12-12")
    press_hand(app, "12-12")
    press_hand(app, "0-12")
    press_hand(app, "0-12")
    assert any(a.__class__.__name__ == "EndTurn" for a in s.legal_actions())
    assert not app.buttons["end_turn"].instate(["disabled"]), "End first turn can be used now"
    assert places() == before, "no button appeared, vanished or moved"
