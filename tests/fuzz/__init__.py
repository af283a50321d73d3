"""Fuzzers of the public API (issue 10), run in a child process so that a crash of the
interpreter is a finding like any other:

- ``calls``: every public function, constructor, method and pickle reconstructor of both
  engines, called with adversarial values (huge and negative ints, floats, NaN, bools, None,
  lone surrogates, odd iterables, numpy arrays of every integer and float dtype, shape and
  stride, other objects of the package). A call may return or raise one of the package's
  errors (``HeartsFastError``); a call that raises leaves its object unchanged.
- ``texts``: the text forms of the six classes, mutated line by line and character by
  character. A text that is read back must describe a position play can reach: it plays on
  to its end with random legal moves, conserving every card, and its text round-trips.

``python -m tests.fuzz --profile short`` (what ``make test`` runs, through
``tests/test_fuzz.py``) or ``--profile long`` (``make fuzz``, which records its result in
``tests/fuzz/RESULTS.md``).
"""
