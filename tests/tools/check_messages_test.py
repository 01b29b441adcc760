#!/usr/bin/env python3
"""tools/check_messages.py on made-up sources: a message written in place is found whether it is
the message, fmt::format's format string or a piece joined with `+`, across lines; a site that
takes its text from a `messages::` row, a literal in a comment and a throw without a literal are
not; --require fails only for the folders it names; a chapter of base/messages/ that all.hpp
leaves out fails."""
import pathlib
import subprocess
import sys
import tempfile

TOOL = pathlib.Path(__file__).resolve().parents[2] / "tools" / "check_messages.py"

IN_PLACE = r'''
void f(const Call& call, int k) {
  if (k < 0) call.fail("k must be non-negative");
  if (k > 9) call.fail(fmt::format("k is {}, the limit 9", k));
  if (k == 5) throw Error(std::string(call.name()) +
                          " takes no five");
}
'''
FROM_TABLE = r'''
void g(const Call& call, int k) {
  // call.fail("a comment is not a site");
  if (k < 0) call.fail(fmt::format(messages::must_be_positive_integer, "k"));
  if (k > 9) call.fail(messages::too_large);
  if (k == 5) throw Error(text);
}
'''


def run(src, *extra):
    return subprocess.run([sys.executable, str(TOOL), str(src), "--list", *extra],
                          capture_output=True, text=True)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp)
        (src / "old").mkdir()
        (src / "new").mkdir()
        (src / "old" / "f.cpp").write_text(IN_PLACE)
        (src / "new" / "g.cpp").write_text(FROM_TABLE)
        result = run(src)
        assert result.returncode == 0, result.stderr
        listed = [l for l in result.stdout.splitlines() if l.startswith("old/f.cpp:")]
        assert [l.split(":")[1] for l in listed] == ["3", "4", "5"], result.stdout
        assert "new/g.cpp" not in result.stdout, result.stdout
        assert "    3  old" in result.stdout, result.stdout
        assert run(src, "--require", "new").returncode == 0
        failing = run(src, "--require", "old")
        assert failing.returncode == 1 and "old must take its messages" in failing.stderr
        # A chapter all.hpp does not list is an error (the table's test would miss its rows).
        table = src / "base" / "messages"
        table.mkdir(parents=True)
        (table / "one.hpp").write_text('#define LLMLAB_ONE_MESSAGES(M) M(a, "a")\n')
        (table / "two.hpp").write_text('#define LLMLAB_TWO_MESSAGES(M) M(b, "b")\n')
        (table / "all.hpp").write_text("LLMLAB_ONE_MESSAGES(LLMLAB_MESSAGE_ROW)\n")
        left_out = run(src, "--require", "new")
        assert left_out.returncode == 1 and "two.hpp: LLMLAB_TWO_MESSAGES" in left_out.stderr, \
            left_out.stderr
    print("check_messages: ok")


if __name__ == "__main__":
    main()
