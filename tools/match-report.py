#!/usr/bin/env python3
"""match-report.py PGN LOG NAME: one engine's figures from a fastchess match
against one opponent (issue 22's bullet measurements).

Prints NAME's score with a 95 % interval in Elo from colour-reversed game pairs
(consecutive games, fastchess -repeat), its time losses (from fastchess's
log), its moves without an info line in their PGN comment (fastchess writes
the last info line's eval/depth there; Azurite prints an info line after every
completed iteration, so a move without one came from an unfinished first
iteration), the moves at depth 1, its mean depth from move 10 to move 40
(plies 19-80 of games from the initial position, book moves included in the
count), and the score over the games that ended without a time forfeit by
either side. Standard library only.
"""
import math
import re
import sys


def main(pgn, log, name):
    games = open(pgn).read().split('[Event ')[1:]
    scores, board = [], [0, 0, 0]
    moves = no_info = depth1 = 0
    mid = []  # depths from move 10 to move 40
    for g in games:
        white = re.search(r'\[White "([^"]+)"\]', g).group(1)
        res = re.search(r'\[Result "([^"]+)"\]', g).group(1)
        side = 0 if white == name else 1
        sc = {'1-0': 1.0, '0-1': 0.0, '1/2-1/2': 0.5}[res]
        sc = sc if side == 0 else 1 - sc
        scores.append(sc)
        if 'loses on time' not in g:
            board[{1.0: 0, 0.5: 1, 0.0: 2}[sc]] += 1
        body = g[g.index('\n\n'):]
        for ply, c in enumerate(re.findall(r'\{([^}]*)\}', body)):
            if ply % 2 != side or c.startswith('book'):
                continue
            moves += 1
            m = re.match(r'[+-]?(?:[\d.]+|M\d+)/(\d+) ', c)
            if not m:
                no_info += 1
            else:
                if m.group(1) == '1':
                    depth1 += 1
                if 18 <= ply < 80:
                    mid.append(int(m.group(1)))
    pairs = [(scores[i] + scores[i + 1]) / 2 for i in range(0, len(scores) - 1, 2)]
    mean = sum(pairs) / len(pairs)
    se = math.sqrt(sum((p - mean) ** 2 for p in pairs) / len(pairs) / len(pairs))

    def elo(x):
        x = min(max(x, 1e-4), 1 - 1e-4)
        return -400 * math.log10(1 / x - 1)

    losses = 0
    for line in open(log):
        m = re.match(r'Finished game \d+ \((\S+) vs (\S+)\): \S+ \{(White|Black) loses on time', line)
        if m and (m.group(1) if m.group(3) == 'White' else m.group(2)) == name:
            losses += 1
    n = len(scores)
    nb = sum(board)
    print(f'{name}: {n} games, score {sum(scores) / n:.3f}, Elo {elo(mean):+.0f} '
          f'[{elo(mean - 1.96 * se):+.0f}, {elo(mean + 1.96 * se):+.0f}]; time losses {losses}; '
          f'moves {moves}, without an info line {no_info} ({100 * no_info / max(moves, 1):.1f} %), at depth 1 {depth1}; '
          f'mean depth from move 10 to 40 {sum(mid) / max(len(mid), 1):.2f} ({len(mid)} moves); '
          f'games without a time forfeit {nb}: +{board[0]} ={board[1]} -{board[2]}, score {(board[0] + board[1] / 2) / max(nb, 1):.3f}')


if __name__ == '__main__':
    if len(sys.argv) != 4:
        sys.exit('usage: match-report.py PGN LOG NAME')
    main(*sys.argv[1:])
