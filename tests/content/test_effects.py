"""The closed effect vocabulary: every entry documented, parsable from its example,
printable in French and English; unknown keys reported by name at their place."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError

from authoring.io.diagnostics import Report
from authoring.io.yamlio import load_text
from authoring.model import effects as E

ALL: dict[str, type[E.EffectPayload] | type[E.ConditionPayload]] = {**E.EFFECTS, **E.CONDITIONS}


def test_vocabulary_is_closed_and_sized() -> None:
    assert len(E.EFFECTS) == 38  # join_squad: a freed character joins a squad
    assert len(E.CONDITIONS) == 3
    assert sorted(k for k, c in E.EFFECTS.items() if c.lasting) == [
        "craft_requirement",
        "draw_bonus",
        "eliminate_officers",
        "eliminate_range",
        "inventory_size",
        "malus_reduction",
        "move_range",
        "planning_tokens",
        "resistance_discount",
        "skill_bonus",
        "transfer_range",
    ]
    assert set(E.EFFECT_MODELS) == set(E.EFFECTS)


@pytest.mark.parametrize("key", sorted(ALL))
def test_every_entry_has_a_docstring_an_example_and_both_texts(key: str) -> None:
    cls = ALL[key]
    assert cls.key == key
    assert cls.__doc__ and len(cls.__doc__.split()) >= 5
    data = yaml.safe_load(cls.example)
    assert list(data) == [key]
    if key in E.EFFECTS:
        effect = E.parse_effect(data)
        assert effect.key == key
        fr, en = E.render(effect, "fr"), E.render(effect, "en")
    else:
        condition = E.parse_condition(data)
        fr, en = condition.text("fr"), condition.text("en")
    assert fr and en and fr != en
    assert fr[0].isupper() or fr[0] in "+-"


def test_effects_doc_lists_every_entry_with_its_example() -> None:
    doc = E.effects_doc()
    for key, cls in ALL.items():
        assert f"### `{key}`" in doc
        assert f"- {cls.example[1:-1]}" in doc
    assert "- fr: +1 en Ingénierie" in doc


@pytest.mark.parametrize(
    ("data", "context", "fr", "en"),
    [
        (
            {"skill_bonus": {"skill": "I", "amount": 1}},
            "item",
            "+1 en Ingénierie tant que cette carte est dans votre inventaire",
            "+1 Engineering while this card is in your inventory",
        ),
        (
            {"draw_bonus": {"action": "search", "amount": 1}},
            "sheet",
            "Piochez 1 carte Objet de plus quand vous fouillez",
            "Draw 1 more item card when you search",
        ),
        (
            {"remove_soldiers": {"count": 2, "where": "actor_zone"}},
            "card",
            "Éliminez jusqu'à 2 soldats dans votre zone",
            "Eliminate up to 2 soldiers in your zone",
        ),
        (
            {"remove_officer": {"count": 1, "where": "any_zone"}},
            "card",
            "Éliminez 1 officier dans la zone de votre choix",
            "Eliminate 1 officer in a zone of your choice",
        ),
        (
            {"reputation": {"amount": -1, "who": "each_player"}},
            "card",
            "Chaque joueur perd 1 cube Réputation",
            "Each player loses 1 reputation cube",
        ),
        (
            {"speed": {"delta": -1}},
            "card",
            "Reculez le marqueur de vitesse d'invasion de 1 case",
            "Move the invasion-speed marker 1 cell back",
        ),
        (
            {"resistance_discount": {"amount": 2}},
            "sheet",
            "Les cartes Résistance vous coûtent 2 Réputation de moins à activer",
            "Resistance cards cost you 2 reputation less to activate",
        ),
        (
            {"army_moves": {"count": 3, "from": "adjacent_zone"}},
            "card",
            "Déplacez jusqu'à 3 soldats d'une zone voisine de la vôtre vers une zone voisine, "
            "sans dépasser son occupation maximale",
            "Move up to 3 soldiers from a zone next to yours to a neighbouring zone, "
            "within its max occupation",
        ),
        (
            {"timer": {"seconds": -90}},
            "card",
            "La prochaine phase des joueurs dure 90 secondes de moins",
            "The next players' phase lasts 90 seconds less",
        ),
        (
            {"destroy_base": None},
            "card",
            "Détruisez la base ennemie de cette zone",
            "Destroy the enemy base in this zone",
        ),
    ],
)
def test_exact_texts(data: dict[str, object], context: E.Context, fr: str, en: str) -> None:
    effect = E.parse_effect(data)
    assert E.render(effect, "fr", context) == fr
    assert E.render(effect, "en", context) == en


def test_item_lasting_effects_share_one_held_ending() -> None:
    effects = [
        E.make_effect("skill_bonus", skill="M", amount=1),
        E.make_effect("move_range", roads=1),
    ]
    assert E.render_effects(effects, "fr", "item") == (
        "+1 en Militaire, Vos déplacements peuvent emprunter 1 route de plus"
        " tant que cette carte est dans votre inventaire."
    )


def test_conditions_render_as_one_sentence() -> None:
    conditions = [
        E.parse_condition({"in_objective_zone": {"objective": "base"}}),
        E.parse_condition({"test": {"skill": "I", "at_least": 1}}),
    ]
    assert E.render_conditions(conditions, "fr") == (
        "Dans la zone de la base ; réussite si Ingénierie − malus ≥ 1"
    )
    assert E.render_conditions(conditions, "en") == (
        "In the zone of the base; succeeds if Engineering − malus ≥ 1"
    )


@pytest.mark.parametrize(
    "data",
    [
        {"skill_bonus": {"skill": "I", "amount": 0}},
        {"skill_bonus": {"skill": "X", "amount": 1}},
        {"draw_clues": {"draw": 1, "keep": 2}},
        {"move_range": {}},
        {"remove_soldiers": {"count": 0}},
        {"unknown": {}},
        {"speed": {"delta": 1}, "timer": {"seconds": 60}},
    ],
)
def test_invalid_effects_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        E.parse_effect(data)


def test_events_need_no_actor_but_actor_effects_say_so() -> None:
    assert E.make_effect("remove_soldiers", count=1, where="actor_zone").payload.needs_actor()
    assert not E.make_effect("remove_soldiers", count=1, where="drawn_zone").payload.needs_actor()
    assert E.make_effect("destroy_base").payload.needs_actor()
    assert not E.make_effect("reputation", amount=1, who="each_player").payload.needs_actor()


def test_unknown_keys_are_located_with_did_you_mean() -> None:
    from authoring.model.schema.content import ItemFile

    text = "items:\n  - id: a\n    effects:\n      - {draw_bonus: {action: search, amount: 1}}\n"
    text += "      - reputaton: {amount: 1}\n"
    report = Report()
    doc = load_text(text, "x.yaml", report)
    assert doc is not None
    bad = E.check_keys(ItemFile, doc.data, doc, report)
    assert bad == [("items", 0, "effects", 1)]
    assert report.format().splitlines()[0] == (
        "x.yaml:5:9: error: unknown effect 'reputaton' (did you mean 'reputation'?) "
        "[effect-unknown]"
    )


def test_json_schema_offers_every_effect_by_its_key() -> None:
    schema = TypeAdapter(E.Effect).json_schema()
    keys = {
        next(iter(d["properties"]))
        for d in schema["$defs"].values()
        if d["title"].endswith("Effect")
    }
    assert keys == set(E.EFFECTS)
    json.dumps(schema)


@given(
    skill=st.sampled_from(["C", "M", "I"]),
    amount=st.integers(-5, 5).filter(bool),
    lang=st.sampled_from(["fr", "en"]),
)
def test_skill_bonus_text_carries_its_sign_and_skill(skill: str, amount: int, lang: E.Lang) -> None:
    text = E.render(E.make_effect("skill_bonus", skill=skill, amount=amount), lang, "sheet")
    assert text.startswith(f"{amount:+d} ")
    assert text.endswith(E.SKILL_NAMES[lang][skill])


@given(
    key=st.sampled_from(["remove_soldiers", "add_soldiers", "place_reputation_cube"]),
    count=st.integers(1, 20),
    where=st.sampled_from(sorted(E.WHERE_TEXT["fr"])),
)
def test_counted_texts_agree_in_number(key: str, count: int, where: str) -> None:
    fr = E.render(E.make_effect(key, count=count, where=where), "fr")
    assert f"{count} " in fr
    assert E.WHERE_TEXT["fr"][where] in fr
    plural = count > 1
    assert ("soldats" in fr or "cubes" in fr) == plural
