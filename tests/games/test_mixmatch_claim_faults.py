"""Ruling M4: a wrong claim has a kind a program can branch on, besides the reason in
words (Verify answers it as MixMatchClaimFault)."""

from __future__ import annotations

import pytest

from cardroom.shared.games.mixmatch import FAULTS, check_claim
from cardroom.shared.proto.cardroom.v1 import mixmatch_pb2

TABLE, TARGET = [12, 24, 7, 2, 6], 48


@pytest.mark.parametrize(("claim", "fault"), [
    ("2 x", "syntax"),
    ("9 + 39", "card_not_on_table"),
    ("24 + 24", "card_used_too_often"),
    ("7 / 2", "step_not_allowed"),
    ("2 - 7 + 53", "card_not_on_table"),
    ("12 x 2", "wrong_result"),
])
def test_ruling_m4_each_wrong_claim_names_its_kind(claim: str, fault: str) -> None:
    result = check_claim(claim, TABLE, TARGET)
    assert not result.valid and result.fault == fault and result.reason


def test_ruling_m4_a_negative_step_is_a_step_not_allowed() -> None:
    assert check_claim("(2 - 7) + 12", [2, 7, 12], 7).fault == "step_not_allowed"


def test_a_correct_claim_has_no_fault() -> None:
    assert check_claim("2 x 24", TABLE, TARGET).fault is None


def test_every_fault_is_a_value_of_the_proto_enum_and_back() -> None:
    names = {v.name for v in mixmatch_pb2.MixMatchClaimFault.DESCRIPTOR.values}
    assert names == {"MIX_MATCH_CLAIM_FAULT_UNSPECIFIED",
                     *(f"MIX_MATCH_CLAIM_FAULT_{f.upper()}" for f in FAULTS)}
