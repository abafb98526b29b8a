from tests.engines.contract import play_and_check
from tests.toy import TOY


def test_toy_engine_passes_the_generic_contract():
    for n in (2, 3, 4):
        for seed in range(5):
            play_and_check(TOY, n, seed)
