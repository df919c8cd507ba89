#!/usr/bin/env python3
"""Writes functions.h for floor-touch.c: 4,000 small functions, each 64 bytes
aligned (a line of code its own), with two branches on their argument, and
the table floor-touch.c calls them through.
  python3 make-functions.py > functions.h"""
import random

random.seed(1)
count = 4000
print(f"#define FUNCTIONS {count}")
for i in range(count):
    a, b, c, d = (random.randrange(1, 1 << 20) for _ in range(4))
    print(f"__attribute__((noinline, aligned(64))) static long f{i}(long x) "
          f"{{ if (x & {a}) x = x * 3 + {b}; else x ^= {c}; if (x & {d}) x += {a ^ d}; return x + {b ^ c}; }}")
print("static long (*const functions[FUNCTIONS])(long) = {" + ", ".join(f"f{i}" for i in range(count)) + "};")
