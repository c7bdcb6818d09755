; An MZ header cut short: 10 bytes.
        db      'MZ', 0, 0, 1, 0, 0, 0, 2, 0
