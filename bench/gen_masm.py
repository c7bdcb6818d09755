#!/usr/bin/env python3
"""Writes a large, deterministic, assembler-realistic source for bench/realwork.sh: macros, a
stack, data (tables, messages, buffers, constants), then procedures with labels, short
conditional jumps, loops, calls, string instructions, MUL/DIV and macro calls.

    gen_masm.py --dialect masm1|masm5 [--lines N] [--seed S] > BIG.ASM   (CR LF lines)

masm1 keeps to what MASM 1.10 (MS-DOS 2.0's MASM.EXE) takes; masm5 adds what MASM 5.10 has
beyond it: structures, LOCAL labels in macros, REPT and IRP, conditional assembly.
The same arguments give the same bytes on every host (its own generator, no `random`)."""
import argparse
import sys


class Lcg:
    """A 32-bit linear congruential generator: the same numbers on every Python."""

    def __init__(self, seed):
        self.s = seed & 0xFFFFFFFF

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0xFFFFFFFF
        return (self.s >> 8) % n

    def pick(self, seq):
        return seq[self.below(len(seq))]


REG16 = ["AX", "BX", "CX", "DX", "SI", "DI"]
REG8 = ["AL", "AH", "BL", "BH", "CL", "CH", "DL", "DH"]
ALU = ["ADD", "SUB", "AND", "OR", "XOR", "CMP", "ADC", "SBB"]
SHIFT = ["SHL", "SHR", "SAR", "ROL", "ROR", "RCL", "RCR"]
JCC = ["JZ", "JNZ", "JC", "JNC", "JB", "JAE", "JL", "JGE", "JLE", "JG", "JS", "JNS", "JBE", "JA"]
WORDS = ["READY", "ERROR", "TOTAL", "COUNT", "VALUE", "INPUT", "OUTPUT", "BUFFER", "RECORD",
         "FILE", "DRIVE", "SECTOR", "TABLE", "INDEX", "CHECK", "DONE", "FAILED", "OPEN"]


def line(out, label, op="", args="", comment=""):
    text = (label + ":" if label and op and not op.startswith(("PROC", "ENDP")) else label)
    text = "%-8s%-8s%s" % (text, op, args) if op else text
    if comment:
        text = "%-40s; %s" % (text, comment)
    out.append(text.rstrip())


def macros(out, d5):
    out.append("; macros")
    for name, params, body in [
        ("DOSFN", "FN", ["MOV     AH,FN", "INT     21H"]),
        ("SAVE3", "R1,R2,R3", ["PUSH    R1", "PUSH    R2", "PUSH    R3"]),
        ("REST3", "R1,R2,R3", ["POP     R3", "POP     R2", "POP     R1"]),
        ("LOADW", "REG,VAR,IDX", ["MOV     BX,IDX", "SHL     BX,1", "MOV     REG,VAR[BX]"]),
        ("SCALE", "REG,NUM", ["PUSH    DX", "MOV     AX,REG", "MOV     DX,NUM", "MUL     DX",
                              "MOV     REG,AX", "POP     DX"]),
        ("PRINT", "MSG", ["MOV     DX,OFFSET MSG", "DOSFN   9"]),
    ]:
        out.append("%-8sMACRO   %s" % (name, params))
        out.extend("        " + b for b in body)
        out.append("        ENDM")
    if d5:   # labels local to each expansion
        out += ["CLAMP   MACRO   REG,LIMIT", "        LOCAL   OK", "        CMP     REG,LIMIT",
                "        JBE     OK", "        MOV     REG,LIMIT", "OK:", "        ENDM",
                "ZEROW   MACRO   BUF,N", "        LOCAL   AGAIN", "        MOV     DI,OFFSET BUF",
                "        MOV     CX,N", "        XOR     AX,AX", "AGAIN:  MOV     [DI],AX",
                "        ADD     DI,2", "        LOOP    AGAIN", "        ENDM"]


def data(out, r, d5, ntab, nmsg, nbuf):
    out += ["STACK   SEGMENT STACK", "        DW      256 DUP (?)", "STACK   ENDS", ""]
    for i in range(40):
        out.append("K%-7d EQU     %d" % (i, r.below(1000) + 1))
    if d5:
        out += ["ENTRY   STRUC", "E_KEY   DW      ?", "E_LEN   DB      ?", "E_FLAG  DB      0",
                "E_NEXT  DW      ?", "ENTRY   ENDS", "DEBUG   EQU     0"]
    out += ["", "DATA    SEGMENT PUBLIC"]
    for i in range(ntab):
        vals = [str(r.below(65536)) for _ in range(8)]
        out.append("T%-7d DW      %s" % (i, ",".join(vals)))
        for _ in range(r.below(3)):
            out.append("        DW      %s" % ",".join(str(r.below(65536)) for _ in range(8)))
    for i in range(nmsg):
        words = " ".join(r.pick(WORDS) for _ in range(2 + r.below(4)))
        out.append("M%-7d DB      '%s',13,10,'$'" % (i, words.lower().capitalize()))
    for i in range(nbuf):
        out.append("B%-7d DB      %d DUP (%d)" % (i, 16 << r.below(3), r.below(3)))
    out.append("W%-7s DW      0" % "TEMP")
    if d5:
        for i in range(12):
            out.append("R%-7d ENTRY   <%d,%d,0,%d>" % (i, r.below(9999), r.below(80), r.below(500)))
        out += ["        REPT    4", "        DB      'PAD-'", "        ENDM",
                "        IRP     X,<1,2,4,8,16,32,64,128>", "        DW      X*K1", "        ENDM"]
    out += ["DATA    ENDS", ""]


def body(out, r, d5, p, ntab, nmsg, nbuf, nlines):
    """Procedure p's instructions, about nlines of them; labels Pp_k."""
    k = 0
    emitted = 0
    while emitted < nlines:
        choice = r.below(20)
        a, b = r.pick(REG16), r.pick(REG16)
        if choice < 4:
            line(out, "", r.pick(ALU), "%s,%s" % (a, b))
        elif choice < 6:
            line(out, "", r.pick(ALU), "%s,%d" % (a, r.below(256)))
        elif choice == 6:
            line(out, "", "MOV", "%s,T%d[SI]" % (a, r.below(ntab)))
        elif choice == 7:
            line(out, "", "MOV", "WORD PTR [BX+SI+%d],%s" % (2 * r.below(8), a))
        elif choice == 8:
            line(out, "", r.pick(SHIFT), "%s,%s" % (a, r.pick(["1", "CL"])))
        elif choice == 9:   # a short forward conditional jump over a few instructions
            line(out, "", "CMP", "%s,K%d" % (a, r.below(40)))
            line(out, "", r.pick(JCC), "P%dL%d" % (p, k))
            line(out, "", "INC", a)
            line(out, "", r.pick(ALU), "%s,%s" % (r.pick(REG8), r.pick(REG8)))
            line(out, "P%dL%d" % (p, k), "MOV", "%s,%s" % (b, a))
            k += 1
            emitted += 4
        elif choice == 10:  # a counted loop
            line(out, "", "MOV", "CX,%d" % (2 + r.below(30)))
            line(out, "P%dL%d" % (p, k), "ADD", "AX,CX")
            line(out, "", "XOR", "DX,AX")
            line(out, "", "LOOP", "P%dL%d" % (p, k))
            k += 1
            emitted += 3
        elif choice == 11:
            line(out, "", "MOV", "AX,%s" % a)
            line(out, "", "XOR", "DX,DX")
            line(out, "", r.pick(["MUL", "DIV", "IMUL"]), r.pick(["BX", "CX", "WORD PTR WTEMP"]))
            emitted += 2
        elif choice == 12 and p > 0:
            line(out, "", "CALL", "P%d" % r.below(p))
        elif choice == 13:
            m = r.below(5 if d5 else 4)
            if m == 0:
                line(out, "", "SAVE3", "AX,BX,CX")
                line(out, "", "REST3", "AX,BX,CX")
                emitted += 1
            elif m == 1:
                line(out, "", "LOADW", "%s,T%d,%d" % (r.pick(["AX", "CX", "DX"]), r.below(ntab), r.below(8)))
            elif m == 2:
                line(out, "", "SCALE", "%s,%d" % (r.pick(["BX", "CX", "SI"]), 3 + r.below(200)))
            elif m == 3:
                line(out, "", "PRINT", "M%d" % r.below(nmsg))
            else:
                line(out, "", "CLAMP", "%s,K%d" % (r.pick(["AX", "BX", "CX"]), r.below(40)))
        elif choice == 14:
            line(out, "", "MOV", "SI,OFFSET B%d" % r.below(nbuf))
            line(out, "", "MOV", "DI,OFFSET B%d" % r.below(nbuf))
            line(out, "", "MOV", "CX,%d" % (4 + r.below(12)))
            line(out, "", "CLD")
            line(out, "", "REP", r.pick(["MOVSB", "MOVSW", "STOSB"]))
            emitted += 4
        elif choice == 15:
            line(out, "", r.pick(["INC", "DEC", "NEG", "NOT"]), r.pick(REG16 + REG8))
        elif choice == 16:
            line(out, "", "MOV", "%s,%s" % (r.pick(REG8), r.pick(REG8)))
        elif choice == 17:
            line(out, "", "TEST", "%s,%d" % (a, 1 << r.below(16)))
            line(out, "", r.pick(["JZ", "JNZ"]), "P%dX" % p, "to the way out")
            emitted += 1
        elif choice == 18 and d5:
            if r.below(2):
                line(out, "", "MOV", "AX,R%d.E_KEY" % r.below(12))
                line(out, "", "MOV", "BL,R%d.E_LEN" % r.below(12))
                emitted += 1
            else:
                out += ["IF      DEBUG", "        PRINT   M%d" % r.below(nmsg), "ELSE",
                        "        NOP", "ENDIF"]
                emitted += 4
        else:
            line(out, "", "LEA", "%s,B%d" % (r.pick(["SI", "DI", "BX"]), r.below(nbuf)))
        emitted += 1


def code(out, r, d5, nproc, ntab, nmsg, nbuf, per):
    out += ["CODE    SEGMENT PUBLIC", "        ASSUME  CS:CODE,DS:DATA,SS:STACK", ""]
    for p in range(nproc):
        out.append("; P%d: generated procedure %d of %d" % (p, p + 1, nproc))
        out.append("P%-7d PROC    NEAR" % p)
        line(out, "", "PUSH", "BP")
        line(out, "", "MOV", "BP,SP")
        body(out, r, d5, p, ntab, nmsg, nbuf, per)
        line(out, "P%dX" % p, "POP", "BP")
        line(out, "", "RET")
        out.append("P%-7d ENDP" % p)
        out.append("")
    line(out, "START", "MOV", "AX,DATA")
    line(out, "", "MOV", "DS,AX")
    for p in range(nproc - 1, max(-1, nproc - 9), -1):
        line(out, "", "CALL", "P%d" % p)
    if d5:
        line(out, "", "ZEROW", "B0,8")
    line(out, "", "MOV", "AL,0")
    line(out, "", "DOSFN", "4CH")
    out += ["CODE    ENDS", "        END     START"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dialect", choices=["masm1", "masm5"], required=True)
    ap.add_argument("--lines", type=int, default=3500)
    ap.add_argument("--seed", type=int, default=19)
    a = ap.parse_args()
    d5 = a.dialect == "masm5"
    r = Lcg(a.seed)
    ntab, nmsg, nbuf = 60, 50, 30
    head = ["; BIG.ASM: generated by bench/gen_masm.py --dialect %s --lines %d --seed %d"
            % (a.dialect, a.lines, a.seed), "; (a benchmark input, not a program to run)", ""]
    out = list(head)
    macros(out, d5)
    out.append("")
    data(out, r, d5, ntab, nmsg, nbuf)
    per = 22
    nproc = max(1, (a.lines - len(out) - 20) // (per + 8))
    code(out, r, d5, nproc, ntab, nmsg, nbuf, per)
    sys.stdout.buffer.write("".join(s + "\r\n" for s in out).encode("ascii"))


if __name__ == "__main__":
    main()
