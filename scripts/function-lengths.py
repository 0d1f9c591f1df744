#!/usr/bin/env python3
"""Lists Swift functions (func, init, deinit, subscript) longer than a limit, with their length in lines from
the declaration to its closing brace. Strings (including multi-line and raw ones) and comments are skipped when
matching braces. Usage: scripts/function-lengths.py [--limit N] [PATH...]  (default: 60, Sources Benchmarks).
Exit status 1 when a function is over the limit."""
import os, re, sys

DECL = re.compile(r'^\s*(?:@[\w().: ,"]+\s+)*(?:(?:public|package|private|fileprivate|internal|open|static|class|'
                  r'override|mutating|nonmutating|final|convenience|required|nonisolated|isolated|'
                  r'private\(set\)|package\(set\))\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<])')

def code_only(text):
    """`text` with the contents of strings and comments blanked (newlines kept), so braces can be counted."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i)); i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        elif c == '"' or (c == '#' and re.match(r'#+"', text[i:])):
            hashes = len(re.match(r'#*', text[i:]).group(0))
            start = i + hashes
            multi = text.startswith('"""', start)
            quote = '"""' if multi else '"'
            close = quote + '#' * hashes
            j = start + len(quote)
            depth = 0
            while j < n:
                if text[j] == '\\' and not hashes and j + 1 < n:
                    if text[j + 1] == '(':
                        depth += 1; j += 2; continue
                    j += 2; continue
                if depth and text[j] == ')':
                    depth -= 1
                elif depth and text[j] == '(':
                    depth += 1
                elif not depth and text.startswith(close, j):
                    j += len(close); break
                elif not multi and text[j] == '\n':
                    break
                j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j])); i = j
        else:
            out.append(c); i += 1
    return ''.join(out)

def functions(path):
    text = code_only(open(path, encoding='utf-8').read())
    lines = text.split('\n')
    offsets, total = [], 0
    for line in lines:
        offsets.append(total); total += len(line) + 1
    for number, line in enumerate(lines):
        match = DECL.match(line)
        if not match:
            continue
        position = offsets[number] + match.end()
        # The body starts at the first `{` after the signature; a protocol requirement has none.
        brace = text.find('{', position)
        next_decl = min([p for p in (text.find('\n', position),) if p >= 0] + [len(text)])
        if brace < 0:
            continue
        between = text[position:brace]
        if '\n' in between and re.search(r'\n\s*(func|var|let|case|init|}|@)', between):
            continue
        depth, j = 0, brace
        while j < len(text):
            if text[j] == '{':
                depth += 1
            elif text[j] == '}':
                depth -= 1
                if depth == 0:
                    break
            j += 1
        end_line = text.count('\n', 0, j)
        yield number + 1, end_line - number + 1, match.group(1).split('(')[0].strip()

def main(argv):
    limit = 60
    if len(argv) > 1 and argv[0] == '--limit':
        limit, argv = int(argv[1]), argv[2:]
    roots = argv or ['Sources', 'Benchmarks']
    over = []
    for root in roots:
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                if name.endswith('.swift'):
                    path = os.path.join(folder, name)
                    over += [(length, path, line, what) for line, length, what in functions(path) if length > limit]
    for length, path, line, what in sorted(over, reverse=True):
        print(f'{path}:{line}: {what} is {length} lines (limit {limit}, {length - limit} over)')
    if not over:
        print(f'no function over {limit} lines in {", ".join(roots)}')
    return 1 if over else 0

if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
