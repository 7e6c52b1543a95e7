"""Crimson Company with two humans at one screen: the hand-over is announced, the header names the
seat that decides, and the lanes keep their numbers (issue 8)."""

from __future__ import annotations

from crimson_table.play.match import Match, Seat
from crimson_table.ui.app import App
from crimson_table.ui.tables.crimson_company.scene import CrimsonCompanyScene
from crimson_table.ui.widgets.curtain import CurtainScene
from tests.ui.conftest import top_is


def _two_humans(app: App, moves: int) -> CrimsonCompanyScene:
    match = Match.new("crimson_company", [Seat("Anna", "bot"), Seat("Ben", "bot")], 5)
    for _ in range(moves):
        match.apply(match.bot_choose())
    match.seats = [Seat("Anna", "human"), Seat("Ben", "human")]
    app.go_to_menu()
    scene = CrimsonCompanyScene(app, match)
    app.push(scene)
    app.step()
    return scene


def _lift(app: App) -> None:
    while top_is(app, CurtainScene):
        app.top._ready()  # type: ignore[union-attr]
        app.step()


def test_a_curtain_announces_the_hand_over_between_two_humans(app: App) -> None:
    scene = _two_humans(app, 0)
    _lift(app)
    seat = scene.viewer_seat
    assert scene.try_action(scene.match.legal_actions()[0])
    app.step()
    assert scene.match.current_seat() != seat
    assert top_is(app, CurtainScene) and not app.top.private  # type: ignore[union-attr]
    _lift(app)
    assert scene.viewer_seat == scene.match.current_seat()


def test_the_header_names_the_seat_that_decides_not_the_one_whose_turn_it_is(app: App) -> None:
    scene = _two_humans(app, 6)  # Anna's turn, Ben answers her bid
    _lift(app)
    state = scene.match.state
    assert state.active == 0 and scene.match.current_seat() == 1
    texts: list[str] = []
    from crimson_table.ui.tables.crimson_company import paint

    original = paint.label_on_felt

    def spy(surface, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        texts.append(text)
        return original(surface, text, *args, **kwargs)

    paint.label_on_felt = spy  # type: ignore[assignment]
    try:
        app.run_frames(1)
    finally:
        paint.label_on_felt = original  # type: ignore[assignment]
    assert f"Turn {state.turn} · Ben decides" in texts
    assert f"Turn {state.turn} · Anna" not in texts


def test_both_seats_see_the_lanes_numbered_one_two_three_from_the_left(app: App) -> None:
    scene = _two_humans(app, 6)
    _lift(app)
    xs = {}
    for viewer in (0, 1):
        scene._set_viewer(viewer)
        geo = scene.geometry()
        xs[viewer] = [geo.lane_rect(lane).x for lane in (0, 1, 2)]
    assert xs[0] == xs[1] and xs[0] == sorted(xs[0])
