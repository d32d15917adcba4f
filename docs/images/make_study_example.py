"""Draw docs/images/study-example.png: the answer figure of a small study report (en against en-large).

Run from the repository root, with the report extra installed:

    .venv/bin/python docs/images/make_study_example.py

The study is seeded and every search in it exact, and the PNG carries no
date or version: the same library and lexicons give the same bytes.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from jarnac_solver import compare, write_report

TARGET = Path(__file__).resolve().parent / "study-example.png"


def main() -> int:
    study = compare(["en", "en-large"], racks=2000, trays=40, games=0, ladders=False, seed=1, familiarity=False)
    with tempfile.TemporaryDirectory() as folder:
        page = write_report(study, folder)
        shutil.copyfile(page.parent / "answer-1.png", TARGET)
    print(f"{TARGET} ({TARGET.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
