; instance 1: %x: (), %c1: (), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun c1 () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x10 (* c1 c2)))
 (let ((?x11 (* x ?x10)))
 (let ((?x8 (* x c1)))
 (let ((?x9 (* ?x8 c2)))
 (let (($x12 (= ?x9 ?x11)))
 (not $x12)))))))
(check-sat)
(reset)
; instance 2: %x: (), %c1: (), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun c1 () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x14 (* c1 |c2[0]|)))
 (let ((?x16 (* x ?x14)))
 (let ((?x8 (* x c1)))
 (let ((?x15 (* ?x8 |c2[0]|)))
 (let (($x17 (= ?x15 ?x16)))
 (not $x17)))))))
(check-sat)
(reset)
; instance 3: %x: (), %c1: (), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x20 (* c1 |c2[0,0]|)))
 (let ((?x22 (* x ?x20)))
 (let ((?x8 (* x c1)))
 (let ((?x21 (* ?x8 |c2[0,0]|)))
 (let (($x23 (= ?x21 ?x22)))
 (not $x23)))))))
(check-sat)
(reset)
; instance 4: %x: (), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x27 (* c1 |c2[0,0,0]|)))
 (let ((?x28 (* x ?x27)))
 (let ((?x8 (* x c1)))
 (let ((?x26 (* ?x8 |c2[0,0,0]|)))
 (let (($x29 (= ?x26 ?x28)))
 (not $x29)))))))
(check-sat)
(reset)
; instance 5: %x: (), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x31 (* c1 |c2[0,0,0,0]|)))
 (let ((?x33 (* x ?x31)))
 (let ((?x8 (* x c1)))
 (let ((?x32 (* ?x8 |c2[0,0,0,0]|)))
 (let (($x34 (= ?x32 ?x33)))
 (not $x34)))))))
(check-sat)
(reset)
; instance 6: %x: (), %c1: (1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x38 (* |c1[0]| |c2[0]|)))
 (let ((?x39 (* x ?x38)))
 (let ((?x37 (* x |c1[0]|)))
 (let ((?x36 (* ?x37 |c2[0]|)))
 (let (($x35 (= ?x36 ?x39)))
 (not $x35)))))))
(check-sat)
(reset)
; instance 7: %x: (), %c1: (1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x42 (* |c1[0]| c2)))
 (let ((?x41 (* x ?x42)))
 (let ((?x37 (* x |c1[0]|)))
 (let ((?x40 (* ?x37 c2)))
 (let (($x43 (= ?x40 ?x41)))
 (not $x43)))))))
(check-sat)
(reset)
; instance 8: %x: (), %c1: (1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x47 (* |c1[0]| |c2[0,0]|)))
 (let ((?x46 (* x ?x47)))
 (let ((?x37 (* x |c1[0]|)))
 (let ((?x44 (* ?x37 |c2[0,0]|)))
 (let (($x48 (= ?x44 ?x46)))
 (not $x48)))))))
(check-sat)
(reset)
; instance 9: %x: (), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x50 (* |c1[0]| |c2[0,0,0]|)))
 (let ((?x51 (* x ?x50)))
 (let ((?x37 (* x |c1[0]|)))
 (let ((?x49 (* ?x37 |c2[0,0,0]|)))
 (let (($x52 (= ?x49 ?x51)))
 (not $x52)))))))
(check-sat)
(reset)
; instance 10: %x: (), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x54 (* |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x55 (* x ?x54)))
 (let ((?x37 (* x |c1[0]|)))
 (let ((?x53 (* ?x37 |c2[0,0,0,0]|)))
 (let (($x56 (= ?x53 ?x55)))
 (not $x56)))))))
(check-sat)
(reset)
; instance 11: %x: (), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x60 (* |c1[0,0]| |c2[0,0]|)))
 (let ((?x61 (* x ?x60)))
 (let ((?x58 (* x |c1[0,0]|)))
 (let ((?x59 (* ?x58 |c2[0,0]|)))
 (let (($x45 (= ?x59 ?x61)))
 (not $x45)))))))
(check-sat)
(reset)
; instance 12: %x: (), %c1: (1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x64 (* |c1[0,0]| c2)))
 (let ((?x65 (* x ?x64)))
 (let ((?x58 (* x |c1[0,0]|)))
 (let ((?x62 (* ?x58 c2)))
 (let (($x66 (= ?x62 ?x65)))
 (not $x66)))))))
(check-sat)
(reset)
; instance 13: %x: (), %c1: (1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x68 (* |c1[0,0]| |c2[0]|)))
 (let ((?x69 (* x ?x68)))
 (let ((?x58 (* x |c1[0,0]|)))
 (let ((?x67 (* ?x58 |c2[0]|)))
 (let (($x70 (= ?x67 ?x69)))
 (not $x70)))))))
(check-sat)
(reset)
; instance 14: %x: (), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x72 (* |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x73 (* x ?x72)))
 (let ((?x58 (* x |c1[0,0]|)))
 (let ((?x71 (* ?x58 |c2[0,0,0]|)))
 (let (($x74 (= ?x71 ?x73)))
 (not $x74)))))))
(check-sat)
(reset)
; instance 15: %x: (), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x76 (* |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x77 (* x ?x76)))
 (let ((?x58 (* x |c1[0,0]|)))
 (let ((?x75 (* ?x58 |c2[0,0,0,0]|)))
 (let (($x78 (= ?x75 ?x77)))
 (not $x78)))))))
(check-sat)
(reset)
; instance 16: %x: (), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x82 (* |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x83 (* x ?x82)))
 (let ((?x80 (* x |c1[0,0,0]|)))
 (let ((?x81 (* ?x80 |c2[0,0,0]|)))
 (let (($x63 (= ?x81 ?x83)))
 (not $x63)))))))
(check-sat)
(reset)
; instance 17: %x: (), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x85 (* |c1[0,0,0]| c2)))
 (let ((?x86 (* x ?x85)))
 (let ((?x80 (* x |c1[0,0,0]|)))
 (let ((?x84 (* ?x80 c2)))
 (let (($x87 (= ?x84 ?x86)))
 (not $x87)))))))
(check-sat)
(reset)
; instance 18: %x: (), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x90 (* |c1[0,0,0]| |c2[0]|)))
 (let ((?x89 (* x ?x90)))
 (let ((?x80 (* x |c1[0,0,0]|)))
 (let ((?x88 (* ?x80 |c2[0]|)))
 (let (($x91 (= ?x88 ?x89)))
 (not $x91)))))))
(check-sat)
(reset)
; instance 19: %x: (), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x93 (* |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x94 (* x ?x93)))
 (let ((?x80 (* x |c1[0,0,0]|)))
 (let ((?x92 (* ?x80 |c2[0,0]|)))
 (let (($x95 (= ?x92 ?x94)))
 (not $x95)))))))
(check-sat)
(reset)
; instance 20: %x: (), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x97 (* |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x98 (* x ?x97)))
 (let ((?x80 (* x |c1[0,0,0]|)))
 (let ((?x96 (* ?x80 |c2[0,0,0,0]|)))
 (let (($x99 (= ?x96 ?x98)))
 (not $x99)))))))
(check-sat)
(reset)
; instance 21: %x: (), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x103 (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x104 (* x ?x103)))
 (let ((?x101 (* x |c1[0,0,0,0]|)))
 (let ((?x102 (* ?x101 |c2[0,0,0,0]|)))
 (let (($x105 (= ?x102 ?x104)))
 (not $x105)))))))
(check-sat)
(reset)
; instance 22: %x: (), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x108 (* |c1[0,0,0,0]| c2)))
 (let ((?x107 (* x ?x108)))
 (let ((?x101 (* x |c1[0,0,0,0]|)))
 (let ((?x106 (* ?x101 c2)))
 (let (($x109 (= ?x106 ?x107)))
 (not $x109)))))))
(check-sat)
(reset)
; instance 23: %x: (), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x112 (* |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x111 (* x ?x112)))
 (let ((?x101 (* x |c1[0,0,0,0]|)))
 (let ((?x110 (* ?x101 |c2[0]|)))
 (let (($x113 (= ?x110 ?x111)))
 (not $x113)))))))
(check-sat)
(reset)
; instance 24: %x: (), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let ((?x115 (* |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x116 (* x ?x115)))
 (let ((?x101 (* x |c1[0,0,0,0]|)))
 (let ((?x114 (* ?x101 |c2[0,0,0]|)))
 (let (($x117 (= ?x114 ?x116)))
 (not $x117)))))))
(check-sat)
(reset)
; instance 25: %x: (1), %c1: (1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x38 (* |c1[0]| |c2[0]|)))
 (let ((?x121 (* |x[0]| ?x38)))
 (let ((?x120 (* |x[0]| |c1[0]|)))
 (let ((?x119 (* ?x120 |c2[0]|)))
 (let (($x122 (= ?x119 ?x121)))
 (not $x122)))))))
(check-sat)
(reset)
; instance 26: %x: (1), %c1: (1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x42 (* |c1[0]| c2)))
 (let ((?x125 (* |x[0]| ?x42)))
 (let ((?x120 (* |x[0]| |c1[0]|)))
 (let ((?x123 (* ?x120 c2)))
 (let (($x124 (= ?x123 ?x125)))
 (not $x124)))))))
(check-sat)
(reset)
; instance 27: %x: (1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x47 (* |c1[0]| |c2[0,0]|)))
 (let ((?x128 (* |x[0]| ?x47)))
 (let ((?x120 (* |x[0]| |c1[0]|)))
 (let ((?x126 (* ?x120 |c2[0,0]|)))
 (let (($x129 (= ?x126 ?x128)))
 (not $x129)))))))
(check-sat)
(reset)
; instance 28: %x: (1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x50 (* |c1[0]| |c2[0,0,0]|)))
 (let ((?x127 (* |x[0]| ?x50)))
 (let ((?x120 (* |x[0]| |c1[0]|)))
 (let ((?x130 (* ?x120 |c2[0,0,0]|)))
 (let (($x131 (= ?x130 ?x127)))
 (not $x131)))))))
(check-sat)
(reset)
; instance 29: %x: (1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x54 (* |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x134 (* |x[0]| ?x54)))
 (let ((?x120 (* |x[0]| |c1[0]|)))
 (let ((?x132 (* ?x120 |c2[0,0,0,0]|)))
 (let (($x135 (= ?x132 ?x134)))
 (not $x135)))))))
(check-sat)
(reset)
; instance 30: %x: (1), %c1: (), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x14 (* c1 |c2[0]|)))
 (let ((?x138 (* |x[0]| ?x14)))
 (let ((?x136 (* |x[0]| c1)))
 (let ((?x133 (* ?x136 |c2[0]|)))
 (let (($x139 (= ?x133 ?x138)))
 (not $x139)))))))
(check-sat)
(reset)
; instance 31: %x: (1), %c1: (), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun c1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x10 (* c1 c2)))
 (let ((?x141 (* |x[0]| ?x10)))
 (let ((?x136 (* |x[0]| c1)))
 (let ((?x140 (* ?x136 c2)))
 (let (($x137 (= ?x140 ?x141)))
 (not $x137)))))))
(check-sat)
(reset)
; instance 32: %x: (1), %c1: (), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x20 (* c1 |c2[0,0]|)))
 (let ((?x145 (* |x[0]| ?x20)))
 (let ((?x136 (* |x[0]| c1)))
 (let ((?x142 (* ?x136 |c2[0,0]|)))
 (let (($x144 (= ?x142 ?x145)))
 (not $x144)))))))
(check-sat)
(reset)
; instance 33: %x: (1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x27 (* c1 |c2[0,0,0]|)))
 (let ((?x143 (* |x[0]| ?x27)))
 (let ((?x136 (* |x[0]| c1)))
 (let ((?x146 (* ?x136 |c2[0,0,0]|)))
 (let (($x148 (= ?x146 ?x143)))
 (not $x148)))))))
(check-sat)
(reset)
; instance 34: %x: (1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x31 (* c1 |c2[0,0,0,0]|)))
 (let ((?x150 (* |x[0]| ?x31)))
 (let ((?x136 (* |x[0]| c1)))
 (let ((?x149 (* ?x136 |c2[0,0,0,0]|)))
 (let (($x151 (= ?x149 ?x150)))
 (not $x151)))))))
(check-sat)
(reset)
; instance 35: %x: (1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x60 (* |c1[0,0]| |c2[0,0]|)))
 (let ((?x154 (* |x[0]| ?x60)))
 (let ((?x147 (* |x[0]| |c1[0,0]|)))
 (let ((?x152 (* ?x147 |c2[0,0]|)))
 (let (($x153 (= ?x152 ?x154)))
 (not $x153)))))))
(check-sat)
(reset)
; instance 36: %x: (1), %c1: (1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x64 (* |c1[0,0]| c2)))
 (let ((?x157 (* |x[0]| ?x64)))
 (let ((?x147 (* |x[0]| |c1[0,0]|)))
 (let ((?x155 (* ?x147 c2)))
 (let (($x156 (= ?x155 ?x157)))
 (not $x156)))))))
(check-sat)
(reset)
; instance 37: %x: (1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x68 (* |c1[0,0]| |c2[0]|)))
 (let ((?x161 (* |x[0]| ?x68)))
 (let ((?x147 (* |x[0]| |c1[0,0]|)))
 (let ((?x158 (* ?x147 |c2[0]|)))
 (let (($x160 (= ?x158 ?x161)))
 (not $x160)))))))
(check-sat)
(reset)
; instance 38: %x: (1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x72 (* |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x159 (* |x[0]| ?x72)))
 (let ((?x147 (* |x[0]| |c1[0,0]|)))
 (let ((?x162 (* ?x147 |c2[0,0,0]|)))
 (let (($x164 (= ?x162 ?x159)))
 (not $x164)))))))
(check-sat)
(reset)
; instance 39: %x: (1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x76 (* |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x163 (* |x[0]| ?x76)))
 (let ((?x147 (* |x[0]| |c1[0,0]|)))
 (let ((?x165 (* ?x147 |c2[0,0,0,0]|)))
 (let (($x167 (= ?x165 ?x163)))
 (not $x167)))))))
(check-sat)
(reset)
; instance 40: %x: (1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x82 (* |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x170 (* |x[0]| ?x82)))
 (let ((?x168 (* |x[0]| |c1[0,0,0]|)))
 (let ((?x166 (* ?x168 |c2[0,0,0]|)))
 (let (($x171 (= ?x166 ?x170)))
 (not $x171)))))))
(check-sat)
(reset)
; instance 41: %x: (1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x85 (* |c1[0,0,0]| c2)))
 (let ((?x169 (* |x[0]| ?x85)))
 (let ((?x168 (* |x[0]| |c1[0,0,0]|)))
 (let ((?x172 (* ?x168 c2)))
 (let (($x173 (= ?x172 ?x169)))
 (not $x173)))))))
(check-sat)
(reset)
; instance 42: %x: (1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x90 (* |c1[0,0,0]| |c2[0]|)))
 (let ((?x176 (* |x[0]| ?x90)))
 (let ((?x168 (* |x[0]| |c1[0,0,0]|)))
 (let ((?x174 (* ?x168 |c2[0]|)))
 (let (($x175 (= ?x174 ?x176)))
 (not $x175)))))))
(check-sat)
(reset)
; instance 43: %x: (1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x93 (* |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x179 (* |x[0]| ?x93)))
 (let ((?x168 (* |x[0]| |c1[0,0,0]|)))
 (let ((?x177 (* ?x168 |c2[0,0]|)))
 (let (($x180 (= ?x177 ?x179)))
 (not $x180)))))))
(check-sat)
(reset)
; instance 44: %x: (1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x97 (* |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x178 (* |x[0]| ?x97)))
 (let ((?x168 (* |x[0]| |c1[0,0,0]|)))
 (let ((?x181 (* ?x168 |c2[0,0,0,0]|)))
 (let (($x183 (= ?x181 ?x178)))
 (not $x183)))))))
(check-sat)
(reset)
; instance 45: %x: (1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x103 (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x182 (* |x[0]| ?x103)))
 (let ((?x184 (* |x[0]| |c1[0,0,0,0]|)))
 (let ((?x185 (* ?x184 |c2[0,0,0,0]|)))
 (let (($x186 (= ?x185 ?x182)))
 (not $x186)))))))
(check-sat)
(reset)
; instance 46: %x: (1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x108 (* |c1[0,0,0,0]| c2)))
 (let ((?x188 (* |x[0]| ?x108)))
 (let ((?x184 (* |x[0]| |c1[0,0,0,0]|)))
 (let ((?x187 (* ?x184 c2)))
 (let (($x189 (= ?x187 ?x188)))
 (not $x189)))))))
(check-sat)
(reset)
; instance 47: %x: (1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x112 (* |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x192 (* |x[0]| ?x112)))
 (let ((?x184 (* |x[0]| |c1[0,0,0,0]|)))
 (let ((?x190 (* ?x184 |c2[0]|)))
 (let (($x191 (= ?x190 ?x192)))
 (not $x191)))))))
(check-sat)
(reset)
; instance 48: %x: (1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let ((?x115 (* |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x194 (* |x[0]| ?x115)))
 (let ((?x184 (* |x[0]| |c1[0,0,0,0]|)))
 (let ((?x193 (* ?x184 |c2[0,0,0]|)))
 (let (($x195 (= ?x193 ?x194)))
 (not $x195)))))))
(check-sat)
(reset)
; instance 49: %x: (1, 1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x60 (* |c1[0,0]| |c2[0,0]|)))
 (let ((?x199 (* |x[0,0]| ?x60)))
 (let ((?x197 (* |x[0,0]| |c1[0,0]|)))
 (let ((?x198 (* ?x197 |c2[0,0]|)))
 (let (($x200 (= ?x198 ?x199)))
 (not $x200)))))))
(check-sat)
(reset)
; instance 50: %x: (1, 1), %c1: (1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x64 (* |c1[0,0]| c2)))
 (let ((?x202 (* |x[0,0]| ?x64)))
 (let ((?x197 (* |x[0,0]| |c1[0,0]|)))
 (let ((?x201 (* ?x197 c2)))
 (let (($x203 (= ?x201 ?x202)))
 (not $x203)))))))
(check-sat)
(reset)
; instance 51: %x: (1, 1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x68 (* |c1[0,0]| |c2[0]|)))
 (let ((?x206 (* |x[0,0]| ?x68)))
 (let ((?x197 (* |x[0,0]| |c1[0,0]|)))
 (let ((?x204 (* ?x197 |c2[0]|)))
 (let (($x205 (= ?x204 ?x206)))
 (not $x205)))))))
(check-sat)
(reset)
; instance 52: %x: (1, 1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x72 (* |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x208 (* |x[0,0]| ?x72)))
 (let ((?x197 (* |x[0,0]| |c1[0,0]|)))
 (let ((?x207 (* ?x197 |c2[0,0,0]|)))
 (let (($x209 (= ?x207 ?x208)))
 (not $x209)))))))
(check-sat)
(reset)
; instance 53: %x: (1, 1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x76 (* |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x211 (* |x[0,0]| ?x76)))
 (let ((?x197 (* |x[0,0]| |c1[0,0]|)))
 (let ((?x210 (* ?x197 |c2[0,0,0,0]|)))
 (let (($x212 (= ?x210 ?x211)))
 (not $x212)))))))
(check-sat)
(reset)
; instance 54: %x: (1, 1), %c1: (), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x20 (* c1 |c2[0,0]|)))
 (let ((?x215 (* |x[0,0]| ?x20)))
 (let ((?x213 (* |x[0,0]| c1)))
 (let ((?x214 (* ?x213 |c2[0,0]|)))
 (let (($x216 (= ?x214 ?x215)))
 (not $x216)))))))
(check-sat)
(reset)
; instance 55: %x: (1, 1), %c1: (), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x10 (* c1 c2)))
 (let ((?x219 (* |x[0,0]| ?x10)))
 (let ((?x213 (* |x[0,0]| c1)))
 (let ((?x217 (* ?x213 c2)))
 (let (($x218 (= ?x217 ?x219)))
 (not $x218)))))))
(check-sat)
(reset)
; instance 56: %x: (1, 1), %c1: (), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x14 (* c1 |c2[0]|)))
 (let ((?x223 (* |x[0,0]| ?x14)))
 (let ((?x213 (* |x[0,0]| c1)))
 (let ((?x220 (* ?x213 |c2[0]|)))
 (let (($x222 (= ?x220 ?x223)))
 (not $x222)))))))
(check-sat)
(reset)
; instance 57: %x: (1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x27 (* c1 |c2[0,0,0]|)))
 (let ((?x221 (* |x[0,0]| ?x27)))
 (let ((?x213 (* |x[0,0]| c1)))
 (let ((?x224 (* ?x213 |c2[0,0,0]|)))
 (let (($x225 (= ?x224 ?x221)))
 (not $x225)))))))
(check-sat)
(reset)
; instance 58: %x: (1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x31 (* c1 |c2[0,0,0,0]|)))
 (let ((?x228 (* |x[0,0]| ?x31)))
 (let ((?x213 (* |x[0,0]| c1)))
 (let ((?x226 (* ?x213 |c2[0,0,0,0]|)))
 (let (($x227 (= ?x226 ?x228)))
 (not $x227)))))))
(check-sat)
(reset)
; instance 59: %x: (1, 1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x47 (* |c1[0]| |c2[0,0]|)))
 (let ((?x230 (* |x[0,0]| ?x47)))
 (let ((?x229 (* |x[0,0]| |c1[0]|)))
 (let ((?x231 (* ?x229 |c2[0,0]|)))
 (let (($x232 (= ?x231 ?x230)))
 (not $x232)))))))
(check-sat)
(reset)
; instance 60: %x: (1, 1), %c1: (1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x42 (* |c1[0]| c2)))
 (let ((?x235 (* |x[0,0]| ?x42)))
 (let ((?x229 (* |x[0,0]| |c1[0]|)))
 (let ((?x233 (* ?x229 c2)))
 (let (($x236 (= ?x233 ?x235)))
 (not $x236)))))))
(check-sat)
(reset)
; instance 61: %x: (1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x38 (* |c1[0]| |c2[0]|)))
 (let ((?x239 (* |x[0,0]| ?x38)))
 (let ((?x229 (* |x[0,0]| |c1[0]|)))
 (let ((?x237 (* ?x229 |c2[0]|)))
 (let (($x234 (= ?x237 ?x239)))
 (not $x234)))))))
(check-sat)
(reset)
; instance 62: %x: (1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x50 (* |c1[0]| |c2[0,0,0]|)))
 (let ((?x238 (* |x[0,0]| ?x50)))
 (let ((?x229 (* |x[0,0]| |c1[0]|)))
 (let ((?x240 (* ?x229 |c2[0,0,0]|)))
 (let (($x242 (= ?x240 ?x238)))
 (not $x242)))))))
(check-sat)
(reset)
; instance 63: %x: (1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x54 (* |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x241 (* |x[0,0]| ?x54)))
 (let ((?x229 (* |x[0,0]| |c1[0]|)))
 (let ((?x243 (* ?x229 |c2[0,0,0,0]|)))
 (let (($x244 (= ?x243 ?x241)))
 (not $x244)))))))
(check-sat)
(reset)
; instance 64: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x82 (* |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x246 (* |x[0,0]| ?x82)))
 (let ((?x245 (* |x[0,0]| |c1[0,0,0]|)))
 (let ((?x247 (* ?x245 |c2[0,0,0]|)))
 (let (($x248 (= ?x247 ?x246)))
 (not $x248)))))))
(check-sat)
(reset)
; instance 65: %x: (1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x85 (* |c1[0,0,0]| c2)))
 (let ((?x251 (* |x[0,0]| ?x85)))
 (let ((?x245 (* |x[0,0]| |c1[0,0,0]|)))
 (let ((?x249 (* ?x245 c2)))
 (let (($x252 (= ?x249 ?x251)))
 (not $x252)))))))
(check-sat)
(reset)
; instance 66: %x: (1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x90 (* |c1[0,0,0]| |c2[0]|)))
 (let ((?x254 (* |x[0,0]| ?x90)))
 (let ((?x245 (* |x[0,0]| |c1[0,0,0]|)))
 (let ((?x253 (* ?x245 |c2[0]|)))
 (let (($x250 (= ?x253 ?x254)))
 (not $x250)))))))
(check-sat)
(reset)
; instance 67: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x93 (* |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x256 (* |x[0,0]| ?x93)))
 (let ((?x245 (* |x[0,0]| |c1[0,0,0]|)))
 (let ((?x255 (* ?x245 |c2[0,0]|)))
 (let (($x257 (= ?x255 ?x256)))
 (not $x257)))))))
(check-sat)
(reset)
; instance 68: %x: (1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x97 (* |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x259 (* |x[0,0]| ?x97)))
 (let ((?x245 (* |x[0,0]| |c1[0,0,0]|)))
 (let ((?x258 (* ?x245 |c2[0,0,0,0]|)))
 (let (($x260 (= ?x258 ?x259)))
 (not $x260)))))))
(check-sat)
(reset)
; instance 69: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x103 (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x264 (* |x[0,0]| ?x103)))
 (let ((?x261 (* |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x263 (* ?x261 |c2[0,0,0,0]|)))
 (let (($x265 (= ?x263 ?x264)))
 (not $x265)))))))
(check-sat)
(reset)
; instance 70: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x108 (* |c1[0,0,0,0]| c2)))
 (let ((?x267 (* |x[0,0]| ?x108)))
 (let ((?x261 (* |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x266 (* ?x261 c2)))
 (let (($x268 (= ?x266 ?x267)))
 (not $x268)))))))
(check-sat)
(reset)
; instance 71: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x112 (* |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x262 (* |x[0,0]| ?x112)))
 (let ((?x261 (* |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x269 (* ?x261 |c2[0]|)))
 (let (($x270 (= ?x269 ?x262)))
 (not $x270)))))))
(check-sat)
(reset)
; instance 72: %x: (1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let ((?x115 (* |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x273 (* |x[0,0]| ?x115)))
 (let ((?x261 (* |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x271 (* ?x261 |c2[0,0,0]|)))
 (let (($x274 (= ?x271 ?x273)))
 (not $x274)))))))
(check-sat)
(reset)
; instance 73: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x82 (* |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x278 (* |x[0,0,0]| ?x82)))
 (let ((?x272 (* |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x277 (* ?x272 |c2[0,0,0]|)))
 (let (($x279 (= ?x277 ?x278)))
 (not $x279)))))))
(check-sat)
(reset)
; instance 74: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x85 (* |c1[0,0,0]| c2)))
 (let ((?x281 (* |x[0,0,0]| ?x85)))
 (let ((?x272 (* |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x276 (* ?x272 c2)))
 (let (($x282 (= ?x276 ?x281)))
 (not $x282)))))))
(check-sat)
(reset)
; instance 75: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x90 (* |c1[0,0,0]| |c2[0]|)))
 (let ((?x280 (* |x[0,0,0]| ?x90)))
 (let ((?x272 (* |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x283 (* ?x272 |c2[0]|)))
 (let (($x285 (= ?x283 ?x280)))
 (not $x285)))))))
(check-sat)
(reset)
; instance 76: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x93 (* |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x284 (* |x[0,0,0]| ?x93)))
 (let ((?x272 (* |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x286 (* ?x272 |c2[0,0]|)))
 (let (($x288 (= ?x286 ?x284)))
 (not $x288)))))))
(check-sat)
(reset)
; instance 77: %x: (1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x97 (* |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x287 (* |x[0,0,0]| ?x97)))
 (let ((?x272 (* |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x289 (* ?x272 |c2[0,0,0,0]|)))
 (let (($x290 (= ?x289 ?x287)))
 (not $x290)))))))
(check-sat)
(reset)
; instance 78: %x: (1, 1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x27 (* c1 |c2[0,0,0]|)))
 (let ((?x294 (* |x[0,0,0]| ?x27)))
 (let ((?x291 (* |x[0,0,0]| c1)))
 (let ((?x293 (* ?x291 |c2[0,0,0]|)))
 (let (($x295 (= ?x293 ?x294)))
 (not $x295)))))))
(check-sat)
(reset)
; instance 79: %x: (1, 1, 1), %c1: (), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x10 (* c1 c2)))
 (let ((?x297 (* |x[0,0,0]| ?x10)))
 (let ((?x291 (* |x[0,0,0]| c1)))
 (let ((?x296 (* ?x291 c2)))
 (let (($x298 (= ?x296 ?x297)))
 (not $x298)))))))
(check-sat)
(reset)
; instance 80: %x: (1, 1, 1), %c1: (), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x14 (* c1 |c2[0]|)))
 (let ((?x292 (* |x[0,0,0]| ?x14)))
 (let ((?x291 (* |x[0,0,0]| c1)))
 (let ((?x299 (* ?x291 |c2[0]|)))
 (let (($x300 (= ?x299 ?x292)))
 (not $x300)))))))
(check-sat)
(reset)
; instance 81: %x: (1, 1, 1), %c1: (), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x20 (* c1 |c2[0,0]|)))
 (let ((?x304 (* |x[0,0,0]| ?x20)))
 (let ((?x291 (* |x[0,0,0]| c1)))
 (let ((?x301 (* ?x291 |c2[0,0]|)))
 (let (($x303 (= ?x301 ?x304)))
 (not $x303)))))))
(check-sat)
(reset)
; instance 82: %x: (1, 1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x31 (* c1 |c2[0,0,0,0]|)))
 (let ((?x302 (* |x[0,0,0]| ?x31)))
 (let ((?x291 (* |x[0,0,0]| c1)))
 (let ((?x305 (* ?x291 |c2[0,0,0,0]|)))
 (let (($x306 (= ?x305 ?x302)))
 (not $x306)))))))
(check-sat)
(reset)
; instance 83: %x: (1, 1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x50 (* |c1[0]| |c2[0,0,0]|)))
 (let ((?x310 (* |x[0,0,0]| ?x50)))
 (let ((?x307 (* |x[0,0,0]| |c1[0]|)))
 (let ((?x309 (* ?x307 |c2[0,0,0]|)))
 (let (($x311 (= ?x309 ?x310)))
 (not $x311)))))))
(check-sat)
(reset)
; instance 84: %x: (1, 1, 1), %c1: (1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x42 (* |c1[0]| c2)))
 (let ((?x313 (* |x[0,0,0]| ?x42)))
 (let ((?x307 (* |x[0,0,0]| |c1[0]|)))
 (let ((?x312 (* ?x307 c2)))
 (let (($x314 (= ?x312 ?x313)))
 (not $x314)))))))
(check-sat)
(reset)
; instance 85: %x: (1, 1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x38 (* |c1[0]| |c2[0]|)))
 (let ((?x308 (* |x[0,0,0]| ?x38)))
 (let ((?x307 (* |x[0,0,0]| |c1[0]|)))
 (let ((?x315 (* ?x307 |c2[0]|)))
 (let (($x316 (= ?x315 ?x308)))
 (not $x316)))))))
(check-sat)
(reset)
; instance 86: %x: (1, 1, 1), %c1: (1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x47 (* |c1[0]| |c2[0,0]|)))
 (let ((?x319 (* |x[0,0,0]| ?x47)))
 (let ((?x307 (* |x[0,0,0]| |c1[0]|)))
 (let ((?x317 (* ?x307 |c2[0,0]|)))
 (let (($x320 (= ?x317 ?x319)))
 (not $x320)))))))
(check-sat)
(reset)
; instance 87: %x: (1, 1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x54 (* |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x318 (* |x[0,0,0]| ?x54)))
 (let ((?x307 (* |x[0,0,0]| |c1[0]|)))
 (let ((?x321 (* ?x307 |c2[0,0,0,0]|)))
 (let (($x322 (= ?x321 ?x318)))
 (not $x322)))))))
(check-sat)
(reset)
; instance 88: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x72 (* |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x326 (* |x[0,0,0]| ?x72)))
 (let ((?x323 (* |x[0,0,0]| |c1[0,0]|)))
 (let ((?x325 (* ?x323 |c2[0,0,0]|)))
 (let (($x327 (= ?x325 ?x326)))
 (not $x327)))))))
(check-sat)
(reset)
; instance 89: %x: (1, 1, 1), %c1: (1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x64 (* |c1[0,0]| c2)))
 (let ((?x324 (* |x[0,0,0]| ?x64)))
 (let ((?x323 (* |x[0,0,0]| |c1[0,0]|)))
 (let ((?x328 (* ?x323 c2)))
 (let (($x330 (= ?x328 ?x324)))
 (not $x330)))))))
(check-sat)
(reset)
; instance 90: %x: (1, 1, 1), %c1: (1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x68 (* |c1[0,0]| |c2[0]|)))
 (let ((?x333 (* |x[0,0,0]| ?x68)))
 (let ((?x323 (* |x[0,0,0]| |c1[0,0]|)))
 (let ((?x329 (* ?x323 |c2[0]|)))
 (let (($x332 (= ?x329 ?x333)))
 (not $x332)))))))
(check-sat)
(reset)
; instance 91: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x60 (* |c1[0,0]| |c2[0,0]|)))
 (let ((?x331 (* |x[0,0,0]| ?x60)))
 (let ((?x323 (* |x[0,0,0]| |c1[0,0]|)))
 (let ((?x334 (* ?x323 |c2[0,0]|)))
 (let (($x335 (= ?x334 ?x331)))
 (not $x335)))))))
(check-sat)
(reset)
; instance 92: %x: (1, 1, 1), %c1: (1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x76 (* |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x338 (* |x[0,0,0]| ?x76)))
 (let ((?x323 (* |x[0,0,0]| |c1[0,0]|)))
 (let ((?x336 (* ?x323 |c2[0,0,0,0]|)))
 (let (($x339 (= ?x336 ?x338)))
 (not $x339)))))))
(check-sat)
(reset)
; instance 93: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x103 (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x342 (* |x[0,0,0]| ?x103)))
 (let ((?x340 (* |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x341 (* ?x340 |c2[0,0,0,0]|)))
 (let (($x337 (= ?x341 ?x342)))
 (not $x337)))))))
(check-sat)
(reset)
; instance 94: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x108 (* |c1[0,0,0,0]| c2)))
 (let ((?x345 (* |x[0,0,0]| ?x108)))
 (let ((?x340 (* |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x343 (* ?x340 c2)))
 (let (($x346 (= ?x343 ?x345)))
 (not $x346)))))))
(check-sat)
(reset)
; instance 95: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x112 (* |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x349 (* |x[0,0,0]| ?x112)))
 (let ((?x340 (* |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x347 (* ?x340 |c2[0]|)))
 (let (($x344 (= ?x347 ?x349)))
 (not $x344)))))))
(check-sat)
(reset)
; instance 96: %x: (1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x115 (* |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x348 (* |x[0,0,0]| ?x115)))
 (let ((?x340 (* |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x350 (* ?x340 |c2[0,0,0]|)))
 (let (($x351 (= ?x350 ?x348)))
 (not $x351)))))))
(check-sat)
(reset)
; instance 97: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x103 (* |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x356 (* |x[0,0,0,0]| ?x103)))
 (let ((?x354 (* |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x355 (* ?x354 |c2[0,0,0,0]|)))
 (let (($x357 (= ?x355 ?x356)))
 (not $x357)))))))
(check-sat)
(reset)
; instance 98: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x108 (* |c1[0,0,0,0]| c2)))
 (let ((?x358 (* |x[0,0,0,0]| ?x108)))
 (let ((?x354 (* |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x353 (* ?x354 c2)))
 (let (($x359 (= ?x353 ?x358)))
 (not $x359)))))))
(check-sat)
(reset)
; instance 99: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x112 (* |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x362 (* |x[0,0,0,0]| ?x112)))
 (let ((?x354 (* |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x360 (* ?x354 |c2[0]|)))
 (let (($x361 (= ?x360 ?x362)))
 (not $x361)))))))
(check-sat)
(reset)
; instance 100: %x: (1, 1, 1, 1), %c1: (1, 1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x115 (* |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x365 (* |x[0,0,0,0]| ?x115)))
 (let ((?x354 (* |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x363 (* ?x354 |c2[0,0,0]|)))
 (let (($x366 (= ?x363 ?x365)))
 (not $x366)))))))
(check-sat)
(reset)
; instance 101: %x: (1, 1, 1, 1), %c1: (), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x31 (* c1 |c2[0,0,0,0]|)))
 (let ((?x364 (* |x[0,0,0,0]| ?x31)))
 (let ((?x367 (* |x[0,0,0,0]| c1)))
 (let ((?x368 (* ?x367 |c2[0,0,0,0]|)))
 (let (($x369 (= ?x368 ?x364)))
 (not $x369)))))))
(check-sat)
(reset)
; instance 102: %x: (1, 1, 1, 1), %c1: (), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x10 (* c1 c2)))
 (let ((?x371 (* |x[0,0,0,0]| ?x10)))
 (let ((?x367 (* |x[0,0,0,0]| c1)))
 (let ((?x370 (* ?x367 c2)))
 (let (($x372 (= ?x370 ?x371)))
 (not $x372)))))))
(check-sat)
(reset)
; instance 103: %x: (1, 1, 1, 1), %c1: (), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x14 (* c1 |c2[0]|)))
 (let ((?x376 (* |x[0,0,0,0]| ?x14)))
 (let ((?x367 (* |x[0,0,0,0]| c1)))
 (let ((?x373 (* ?x367 |c2[0]|)))
 (let (($x375 (= ?x373 ?x376)))
 (not $x375)))))))
(check-sat)
(reset)
; instance 104: %x: (1, 1, 1, 1), %c1: (), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun c1 () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x27 (* c1 |c2[0,0,0]|)))
 (let ((?x378 (* |x[0,0,0,0]| ?x27)))
 (let ((?x367 (* |x[0,0,0,0]| c1)))
 (let ((?x377 (* ?x367 |c2[0,0,0]|)))
 (let (($x374 (= ?x377 ?x378)))
 (not $x374)))))))
(check-sat)
(reset)
; instance 105: %x: (1, 1, 1, 1), %c1: (1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x54 (* |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x381 (* |x[0,0,0,0]| ?x54)))
 (let ((?x379 (* |x[0,0,0,0]| |c1[0]|)))
 (let ((?x380 (* ?x379 |c2[0,0,0,0]|)))
 (let (($x382 (= ?x380 ?x381)))
 (not $x382)))))))
(check-sat)
(reset)
; instance 106: %x: (1, 1, 1, 1), %c1: (1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x42 (* |c1[0]| c2)))
 (let ((?x385 (* |x[0,0,0,0]| ?x42)))
 (let ((?x379 (* |x[0,0,0,0]| |c1[0]|)))
 (let ((?x383 (* ?x379 c2)))
 (let (($x386 (= ?x383 ?x385)))
 (not $x386)))))))
(check-sat)
(reset)
; instance 107: %x: (1, 1, 1, 1), %c1: (1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x38 (* |c1[0]| |c2[0]|)))
 (let ((?x384 (* |x[0,0,0,0]| ?x38)))
 (let ((?x379 (* |x[0,0,0,0]| |c1[0]|)))
 (let ((?x387 (* ?x379 |c2[0]|)))
 (let (($x389 (= ?x387 ?x384)))
 (not $x389)))))))
(check-sat)
(reset)
; instance 108: %x: (1, 1, 1, 1), %c1: (1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x50 (* |c1[0]| |c2[0,0,0]|)))
 (let ((?x388 (* |x[0,0,0,0]| ?x50)))
 (let ((?x379 (* |x[0,0,0,0]| |c1[0]|)))
 (let ((?x390 (* ?x379 |c2[0,0,0]|)))
 (let (($x391 (= ?x390 ?x388)))
 (not $x391)))))))
(check-sat)
(reset)
; instance 109: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x97 (* |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x395 (* |x[0,0,0,0]| ?x97)))
 (let ((?x392 (* |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x394 (* ?x392 |c2[0,0,0,0]|)))
 (let (($x396 (= ?x394 ?x395)))
 (not $x396)))))))
(check-sat)
(reset)
; instance 110: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun c2 () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x85 (* |c1[0,0,0]| c2)))
 (let ((?x393 (* |x[0,0,0,0]| ?x85)))
 (let ((?x392 (* |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x397 (* ?x392 c2)))
 (let (($x398 (= ?x397 ?x393)))
 (not $x398)))))))
(check-sat)
(reset)
; instance 111: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x90 (* |c1[0,0,0]| |c2[0]|)))
 (let ((?x402 (* |x[0,0,0,0]| ?x90)))
 (let ((?x392 (* |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x399 (* ?x392 |c2[0]|)))
 (let (($x401 (= ?x399 ?x402)))
 (not $x401)))))))
(check-sat)
(reset)
; instance 112: %x: (1, 1, 1, 1), %c1: (1, 1, 1), %c2: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c2[0,0,0]| () Real)
(declare-fun |c1[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let ((?x82 (* |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x400 (* |x[0,0,0,0]| ?x82)))
 (let ((?x392 (* |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x403 (* ?x392 |c2[0,0,0]|)))
 (let (($x405 (= ?x403 ?x400)))
 (not $x405)))))))
(check-sat)
