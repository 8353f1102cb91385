"""Card types become card models: declared fields are typed, bounded and read with `field()`."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from compiler.cardtypes import card_model
from compiler.language.documents import CardType

GEAR = CardType.model_validate({
    "kind": "card-type", "id": "gear", "name": "Gear",
    "fields": {
        "hands": {"type": "int", "required": True, "min": 0, "max": 2},
        "slot": {"type": "enum", "values": ["head", "chest", "hand"]},
        "copy": {"type": "string"},  # would shadow a model attribute without the prefix
        "tags": {"type": "list", "of": "string"},
    },
})
Gear = card_model(GEAR)


def test_fields_are_read_by_name():
    card = Gear.model_validate({"id": "cap", "name": "Cap", "hands": 0, "slot": "head", "copy": "x"})
    assert (card.field("hands"), card.field("slot"), card.field("copy")) == (0, "head", "x")
    assert card.field("tags") is None and card.field("tags", []) == []
    assert card.model_dump(by_alias=True, exclude_defaults=True)["copy"] == "x"


@pytest.mark.parametrize("data", [
    {"id": "cap", "name": "Cap"},  # hands is required
    {"id": "cap", "name": "Cap", "hands": 3},  # above max
    {"id": "cap", "name": "Cap", "hands": 1, "slot": "feet"},  # not an enum value
    {"id": "cap", "name": "Cap", "hands": 1, "colour": "red"},  # not declared
])
def test_cards_are_checked_against_their_type(data):
    with pytest.raises(ValidationError):
        Gear.model_validate(data)
