import pytest

from engines import Engine, GameError
from tests.engines.contract import play_and_check
from tests.toy import TOY


def test_toy_engine_passes_the_generic_contract():
    for n in (2, 3, 4):
        for seed in range(5):
            play_and_check(TOY, n, seed)


def test_option_choices_is_declared_on_the_base_class():
    # An engine without fixed choices inherits an empty dict: every reader may index it.
    assert Engine.option_choices == {} and TOY.option_choices == {}
    assert TOY.check_setup(2, {"pile": 9})["pile"] == 9


def test_option_choices_refuse_other_values():
    class Picky(type(TOY)):
        option_choices = {"pile": [5, 7]}

    assert Picky().check_setup(2, {"pile": 5})["pile"] == 5
    with pytest.raises(GameError, match=r"'pile' must be one of 5, 7"):
        Picky().check_setup(2, {"pile": 9})
