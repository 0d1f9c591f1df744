#!/usr/bin/env python3
"""Edits PERCENT % of the note files below FOLDER, chosen and changed deterministically from SEED.

Used by Benchmarks/growth-rounds.sh: each edit shuffles the words of one paragraph and appends a short
line of words taken from the same note, so the note keeps its size and vocabulary roughly while every word
of it is re-indexed. `.json` notes are edited in their text field and stay valid JSON.

    Benchmarks/growth-edit.py FOLDER PERCENT SEED      # prints how many files it changed
"""
import json
import os
import random
import sys

NOTE_SUFFIXES = (".md", ".txt", ".json")
TEXT_FIELDS = ("content", "body", "text", "textContent")


def note_files(folder):
    found = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        found.extend(os.path.join(root, f) for f in files if f.endswith(NOTE_SUFFIXES) and not f.startswith("."))
    return sorted(found)


def edit_text(text, rng):
    paragraphs = text.split("\n\n")
    words = text.split()
    if not words:
        return text + "\nedited\n"
    choice = rng.randrange(len(paragraphs))
    shuffled = paragraphs[choice].split()
    rng.shuffle(shuffled)
    paragraphs[choice] = " ".join(shuffled)
    extra = " ".join(rng.choice(words) for _ in range(8))
    return "\n\n".join(paragraphs).rstrip("\n") + "\n\n" + extra + "\n"


def edit_file(path, rng):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if path.endswith(".json"):
        note = json.loads(text)
        targets = note if isinstance(note, list) else [note]
        for item in targets:
            field = next((f for f in TEXT_FIELDS if isinstance(item.get(f), str)), None)
            if field:
                item[field] = edit_text(item[field], rng)
        text = json.dumps(note, ensure_ascii=False)
    else:
        text = edit_text(text, rng)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: growth-edit.py FOLDER PERCENT SEED")
    folder, percent, seed = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    files = note_files(folder)
    chosen = rng.sample(files, round(len(files) * percent / 100))
    for path in chosen:
        edit_file(path, rng)
    print(len(chosen))


if __name__ == "__main__":
    main()
