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
 (let ((?x10 (+ c1 c2)))
 (let ((?x11 (+ x ?x10)))
 (let ((?x8 (+ x c1)))
 (let ((?x9 (+ ?x8 c2)))
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
 (let ((?x15 (+ c1 |c2[0]|)))
 (let ((?x16 (+ x ?x15)))
 (let ((?x8 (+ x c1)))
 (let ((?x14 (+ ?x8 |c2[0]|)))
 (let (($x17 (= ?x14 ?x16)))
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
 (let ((?x24 (+ c1 |c2[0,0]|)))
 (let ((?x25 (+ x ?x24)))
 (let ((?x8 (+ x c1)))
 (let ((?x20 (+ ?x8 |c2[0,0]|)))
 (let (($x26 (= ?x20 ?x25)))
 (not $x26)))))))
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
 (let ((?x29 (+ c1 |c2[0,0,0]|)))
 (let ((?x30 (+ x ?x29)))
 (let ((?x8 (+ x c1)))
 (let ((?x21 (+ ?x8 |c2[0,0,0]|)))
 (let (($x31 (= ?x21 ?x30)))
 (not $x31)))))))
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
 (let ((?x23 (+ c1 |c2[0,0,0,0]|)))
 (let ((?x28 (+ x ?x23)))
 (let ((?x8 (+ x c1)))
 (let ((?x19 (+ ?x8 |c2[0,0,0,0]|)))
 (let (($x33 (= ?x19 ?x28)))
 (not $x33)))))))
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
 (let ((?x37 (+ |c1[0]| |c2[0]|)))
 (let ((?x38 (+ x ?x37)))
 (let ((?x35 (+ x |c1[0]|)))
 (let ((?x36 (+ ?x35 |c2[0]|)))
 (let (($x39 (= ?x36 ?x38)))
 (not $x39)))))))
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
 (let ((?x41 (+ |c1[0]| c2)))
 (let ((?x42 (+ x ?x41)))
 (let ((?x35 (+ x |c1[0]|)))
 (let ((?x40 (+ ?x35 c2)))
 (let (($x45 (= ?x40 ?x42)))
 (not $x45)))))))
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
 (let ((?x47 (+ |c1[0]| |c2[0,0]|)))
 (let ((?x48 (+ x ?x47)))
 (let ((?x35 (+ x |c1[0]|)))
 (let ((?x46 (+ ?x35 |c2[0,0]|)))
 (let (($x43 (= ?x46 ?x48)))
 (not $x43)))))))
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
 (let ((?x49 (+ |c1[0]| |c2[0,0,0]|)))
 (let ((?x50 (+ x ?x49)))
 (let ((?x35 (+ x |c1[0]|)))
 (let ((?x44 (+ ?x35 |c2[0,0,0]|)))
 (let (($x51 (= ?x44 ?x50)))
 (not $x51)))))))
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
 (let ((?x54 (+ |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x57 (+ x ?x54)))
 (let ((?x35 (+ x |c1[0]|)))
 (let ((?x52 (+ ?x35 |c2[0,0,0,0]|)))
 (let (($x58 (= ?x52 ?x57)))
 (not $x58)))))))
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
 (let ((?x62 (+ |c1[0,0]| |c2[0,0]|)))
 (let ((?x63 (+ x ?x62)))
 (let ((?x53 (+ x |c1[0,0]|)))
 (let ((?x61 (+ ?x53 |c2[0,0]|)))
 (let (($x64 (= ?x61 ?x63)))
 (not $x64)))))))
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
 (let ((?x55 (+ |c1[0,0]| c2)))
 (let ((?x56 (+ x ?x55)))
 (let ((?x53 (+ x |c1[0,0]|)))
 (let ((?x60 (+ ?x53 c2)))
 (let (($x67 (= ?x60 ?x56)))
 (not $x67)))))))
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
 (let ((?x70 (+ |c1[0,0]| |c2[0]|)))
 (let ((?x71 (+ x ?x70)))
 (let ((?x53 (+ x |c1[0,0]|)))
 (let ((?x68 (+ ?x53 |c2[0]|)))
 (let (($x72 (= ?x68 ?x71)))
 (not $x72)))))))
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
 (let ((?x74 (+ |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x69 (+ x ?x74)))
 (let ((?x53 (+ x |c1[0,0]|)))
 (let ((?x73 (+ ?x53 |c2[0,0,0]|)))
 (let (($x65 (= ?x73 ?x69)))
 (not $x65)))))))
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
 (let ((?x75 (+ |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x76 (+ x ?x75)))
 (let ((?x53 (+ x |c1[0,0]|)))
 (let ((?x66 (+ ?x53 |c2[0,0,0,0]|)))
 (let (($x77 (= ?x66 ?x76)))
 (not $x77)))))))
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
 (let ((?x81 (+ |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x82 (+ x ?x81)))
 (let ((?x79 (+ x |c1[0,0,0]|)))
 (let ((?x80 (+ ?x79 |c2[0,0,0]|)))
 (let (($x83 (= ?x80 ?x82)))
 (not $x83)))))))
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
 (let ((?x85 (+ |c1[0,0,0]| c2)))
 (let ((?x86 (+ x ?x85)))
 (let ((?x79 (+ x |c1[0,0,0]|)))
 (let ((?x84 (+ ?x79 c2)))
 (let (($x89 (= ?x84 ?x86)))
 (not $x89)))))))
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
 (let ((?x91 (+ |c1[0,0,0]| |c2[0]|)))
 (let ((?x92 (+ x ?x91)))
 (let ((?x79 (+ x |c1[0,0,0]|)))
 (let ((?x90 (+ ?x79 |c2[0]|)))
 (let (($x87 (= ?x90 ?x92)))
 (not $x87)))))))
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
 (let ((?x93 (+ |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x94 (+ x ?x93)))
 (let ((?x79 (+ x |c1[0,0,0]|)))
 (let ((?x88 (+ ?x79 |c2[0,0]|)))
 (let (($x95 (= ?x88 ?x94)))
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
 (let ((?x97 (+ |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x98 (+ x ?x97)))
 (let ((?x79 (+ x |c1[0,0,0]|)))
 (let ((?x96 (+ ?x79 |c2[0,0,0,0]|)))
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
 (let ((?x105 (+ |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x106 (+ x ?x105)))
 (let ((?x101 (+ x |c1[0,0,0,0]|)))
 (let ((?x102 (+ ?x101 |c2[0,0,0,0]|)))
 (let (($x107 (= ?x102 ?x106)))
 (not $x107)))))))
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
 (let ((?x103 (+ |c1[0,0,0,0]| c2)))
 (let ((?x104 (+ x ?x103)))
 (let ((?x101 (+ x |c1[0,0,0,0]|)))
 (let ((?x108 (+ ?x101 c2)))
 (let (($x109 (= ?x108 ?x104)))
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
 (let ((?x111 (+ |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x112 (+ x ?x111)))
 (let ((?x101 (+ x |c1[0,0,0,0]|)))
 (let ((?x110 (+ ?x101 |c2[0]|)))
 (let (($x115 (= ?x110 ?x112)))
 (not $x115)))))))
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
 (let ((?x118 (+ |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x119 (+ x ?x118)))
 (let ((?x101 (+ x |c1[0,0,0,0]|)))
 (let ((?x116 (+ ?x101 |c2[0,0,0]|)))
 (let (($x120 (= ?x116 ?x119)))
 (not $x120)))))))
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
 (let ((?x37 (+ |c1[0]| |c2[0]|)))
 (let ((?x113 (+ |x[0]| ?x37)))
 (let ((?x122 (+ |x[0]| |c1[0]|)))
 (let ((?x117 (+ ?x122 |c2[0]|)))
 (let (($x114 (= ?x117 ?x113)))
 (not $x114)))))))
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
 (let ((?x41 (+ |c1[0]| c2)))
 (let ((?x125 (+ |x[0]| ?x41)))
 (let ((?x122 (+ |x[0]| |c1[0]|)))
 (let ((?x123 (+ ?x122 c2)))
 (let (($x128 (= ?x123 ?x125)))
 (not $x128)))))))
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
 (let ((?x47 (+ |c1[0]| |c2[0,0]|)))
 (let ((?x130 (+ |x[0]| ?x47)))
 (let ((?x122 (+ |x[0]| |c1[0]|)))
 (let ((?x129 (+ ?x122 |c2[0,0]|)))
 (let (($x131 (= ?x129 ?x130)))
 (not $x131)))))))
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
 (let ((?x49 (+ |c1[0]| |c2[0,0,0]|)))
 (let ((?x133 (+ |x[0]| ?x49)))
 (let ((?x122 (+ |x[0]| |c1[0]|)))
 (let ((?x127 (+ ?x122 |c2[0,0,0]|)))
 (let (($x126 (= ?x127 ?x133)))
 (not $x126)))))))
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
 (let ((?x54 (+ |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x137 (+ |x[0]| ?x54)))
 (let ((?x122 (+ |x[0]| |c1[0]|)))
 (let ((?x135 (+ ?x122 |c2[0,0,0,0]|)))
 (let (($x136 (= ?x135 ?x137)))
 (not $x136)))))))
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
 (let ((?x15 (+ c1 |c2[0]|)))
 (let ((?x134 (+ |x[0]| ?x15)))
 (let ((?x132 (+ |x[0]| c1)))
 (let ((?x124 (+ ?x132 |c2[0]|)))
 (let (($x138 (= ?x124 ?x134)))
 (not $x138)))))))
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
 (let ((?x10 (+ c1 c2)))
 (let ((?x141 (+ |x[0]| ?x10)))
 (let ((?x132 (+ |x[0]| c1)))
 (let ((?x139 (+ ?x132 c2)))
 (let (($x140 (= ?x139 ?x141)))
 (not $x140)))))))
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
 (let ((?x24 (+ c1 |c2[0,0]|)))
 (let ((?x143 (+ |x[0]| ?x24)))
 (let ((?x132 (+ |x[0]| c1)))
 (let ((?x142 (+ ?x132 |c2[0,0]|)))
 (let (($x144 (= ?x142 ?x143)))
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
 (let ((?x29 (+ c1 |c2[0,0,0]|)))
 (let ((?x149 (+ |x[0]| ?x29)))
 (let ((?x132 (+ |x[0]| c1)))
 (let ((?x147 (+ ?x132 |c2[0,0,0]|)))
 (let (($x148 (= ?x147 ?x149)))
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
 (let ((?x23 (+ c1 |c2[0,0,0,0]|)))
 (let ((?x146 (+ |x[0]| ?x23)))
 (let ((?x132 (+ |x[0]| c1)))
 (let ((?x150 (+ ?x132 |c2[0,0,0,0]|)))
 (let (($x153 (= ?x150 ?x146)))
 (not $x153)))))))
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
 (let ((?x62 (+ |c1[0,0]| |c2[0,0]|)))
 (let ((?x152 (+ |x[0]| ?x62)))
 (let ((?x154 (+ |x[0]| |c1[0,0]|)))
 (let ((?x156 (+ ?x154 |c2[0,0]|)))
 (let (($x157 (= ?x156 ?x152)))
 (not $x157)))))))
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
 (let ((?x55 (+ |c1[0,0]| c2)))
 (let ((?x159 (+ |x[0]| ?x55)))
 (let ((?x154 (+ |x[0]| |c1[0,0]|)))
 (let ((?x158 (+ ?x154 c2)))
 (let (($x155 (= ?x158 ?x159)))
 (not $x155)))))))
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
 (let ((?x70 (+ |c1[0,0]| |c2[0]|)))
 (let ((?x162 (+ |x[0]| ?x70)))
 (let ((?x154 (+ |x[0]| |c1[0,0]|)))
 (let ((?x160 (+ ?x154 |c2[0]|)))
 (let (($x161 (= ?x160 ?x162)))
 (not $x161)))))))
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
 (let ((?x74 (+ |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x145 (+ |x[0]| ?x74)))
 (let ((?x154 (+ |x[0]| |c1[0,0]|)))
 (let ((?x163 (+ ?x154 |c2[0,0,0]|)))
 (let (($x151 (= ?x163 ?x145)))
 (not $x151)))))))
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
 (let ((?x75 (+ |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x168 (+ |x[0]| ?x75)))
 (let ((?x154 (+ |x[0]| |c1[0,0]|)))
 (let ((?x166 (+ ?x154 |c2[0,0,0,0]|)))
 (let (($x165 (= ?x166 ?x168)))
 (not $x165)))))))
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
 (let ((?x81 (+ |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x164 (+ |x[0]| ?x81)))
 (let ((?x170 (+ |x[0]| |c1[0,0,0]|)))
 (let ((?x172 (+ ?x170 |c2[0,0,0]|)))
 (let (($x173 (= ?x172 ?x164)))
 (not $x173)))))))
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
 (let ((?x85 (+ |c1[0,0,0]| c2)))
 (let ((?x175 (+ |x[0]| ?x85)))
 (let ((?x170 (+ |x[0]| |c1[0,0,0]|)))
 (let ((?x174 (+ ?x170 c2)))
 (let (($x171 (= ?x174 ?x175)))
 (not $x171)))))))
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
 (let ((?x91 (+ |c1[0,0,0]| |c2[0]|)))
 (let ((?x178 (+ |x[0]| ?x91)))
 (let ((?x170 (+ |x[0]| |c1[0,0,0]|)))
 (let ((?x176 (+ ?x170 |c2[0]|)))
 (let (($x169 (= ?x176 ?x178)))
 (not $x169)))))))
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
 (let ((?x93 (+ |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x181 (+ |x[0]| ?x93)))
 (let ((?x170 (+ |x[0]| |c1[0,0,0]|)))
 (let ((?x180 (+ ?x170 |c2[0,0]|)))
 (let (($x182 (= ?x180 ?x181)))
 (not $x182)))))))
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
 (let ((?x97 (+ |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x184 (+ |x[0]| ?x97)))
 (let ((?x170 (+ |x[0]| |c1[0,0,0]|)))
 (let ((?x167 (+ ?x170 |c2[0,0,0,0]|)))
 (let (($x183 (= ?x167 ?x184)))
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
 (let ((?x105 (+ |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x179 (+ |x[0]| ?x105)))
 (let ((?x185 (+ |x[0]| |c1[0,0,0,0]|)))
 (let ((?x177 (+ ?x185 |c2[0,0,0,0]|)))
 (let (($x188 (= ?x177 ?x179)))
 (not $x188)))))))
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
 (let ((?x103 (+ |c1[0,0,0,0]| c2)))
 (let ((?x191 (+ |x[0]| ?x103)))
 (let ((?x185 (+ |x[0]| |c1[0,0,0,0]|)))
 (let ((?x189 (+ ?x185 c2)))
 (let (($x190 (= ?x189 ?x191)))
 (not $x190)))))))
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
 (let ((?x111 (+ |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x192 (+ |x[0]| ?x111)))
 (let ((?x185 (+ |x[0]| |c1[0,0,0,0]|)))
 (let ((?x186 (+ ?x185 |c2[0]|)))
 (let (($x195 (= ?x186 ?x192)))
 (not $x195)))))))
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
 (let ((?x118 (+ |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x198 (+ |x[0]| ?x118)))
 (let ((?x185 (+ |x[0]| |c1[0,0,0,0]|)))
 (let ((?x196 (+ ?x185 |c2[0,0,0]|)))
 (let (($x197 (= ?x196 ?x198)))
 (not $x197)))))))
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
 (let ((?x62 (+ |c1[0,0]| |c2[0,0]|)))
 (let ((?x199 (+ |x[0,0]| ?x62)))
 (let ((?x194 (+ |x[0,0]| |c1[0,0]|)))
 (let ((?x193 (+ ?x194 |c2[0,0]|)))
 (let (($x200 (= ?x193 ?x199)))
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
 (let ((?x55 (+ |c1[0,0]| c2)))
 (let ((?x202 (+ |x[0,0]| ?x55)))
 (let ((?x194 (+ |x[0,0]| |c1[0,0]|)))
 (let ((?x201 (+ ?x194 c2)))
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
 (let ((?x70 (+ |c1[0,0]| |c2[0]|)))
 (let ((?x205 (+ |x[0,0]| ?x70)))
 (let ((?x194 (+ |x[0,0]| |c1[0,0]|)))
 (let ((?x204 (+ ?x194 |c2[0]|)))
 (let (($x206 (= ?x204 ?x205)))
 (not $x206)))))))
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
 (let ((?x74 (+ |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x208 (+ |x[0,0]| ?x74)))
 (let ((?x194 (+ |x[0,0]| |c1[0,0]|)))
 (let ((?x207 (+ ?x194 |c2[0,0,0]|)))
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
 (let ((?x75 (+ |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x211 (+ |x[0,0]| ?x75)))
 (let ((?x194 (+ |x[0,0]| |c1[0,0]|)))
 (let ((?x210 (+ ?x194 |c2[0,0,0,0]|)))
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
 (let ((?x24 (+ c1 |c2[0,0]|)))
 (let ((?x217 (+ |x[0,0]| ?x24)))
 (let ((?x215 (+ |x[0,0]| c1)))
 (let ((?x216 (+ ?x215 |c2[0,0]|)))
 (let (($x214 (= ?x216 ?x217)))
 (not $x214)))))))
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
 (let ((?x10 (+ c1 c2)))
 (let ((?x220 (+ |x[0,0]| ?x10)))
 (let ((?x215 (+ |x[0,0]| c1)))
 (let ((?x219 (+ ?x215 c2)))
 (let (($x221 (= ?x219 ?x220)))
 (not $x221)))))))
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
 (let ((?x15 (+ c1 |c2[0]|)))
 (let ((?x213 (+ |x[0,0]| ?x15)))
 (let ((?x215 (+ |x[0,0]| c1)))
 (let ((?x218 (+ ?x215 |c2[0]|)))
 (let (($x222 (= ?x218 ?x213)))
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
 (let ((?x29 (+ c1 |c2[0,0,0]|)))
 (let ((?x224 (+ |x[0,0]| ?x29)))
 (let ((?x215 (+ |x[0,0]| c1)))
 (let ((?x223 (+ ?x215 |c2[0,0,0]|)))
 (let (($x225 (= ?x223 ?x224)))
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
 (let ((?x23 (+ c1 |c2[0,0,0,0]|)))
 (let ((?x230 (+ |x[0,0]| ?x23)))
 (let ((?x215 (+ |x[0,0]| c1)))
 (let ((?x228 (+ ?x215 |c2[0,0,0,0]|)))
 (let (($x227 (= ?x228 ?x230)))
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
 (let ((?x47 (+ |c1[0]| |c2[0,0]|)))
 (let ((?x226 (+ |x[0,0]| ?x47)))
 (let ((?x232 (+ |x[0,0]| |c1[0]|)))
 (let ((?x234 (+ ?x232 |c2[0,0]|)))
 (let (($x235 (= ?x234 ?x226)))
 (not $x235)))))))
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
 (let ((?x41 (+ |c1[0]| c2)))
 (let ((?x237 (+ |x[0,0]| ?x41)))
 (let ((?x232 (+ |x[0,0]| |c1[0]|)))
 (let ((?x236 (+ ?x232 c2)))
 (let (($x233 (= ?x236 ?x237)))
 (not $x233)))))))
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
 (let ((?x37 (+ |c1[0]| |c2[0]|)))
 (let ((?x240 (+ |x[0,0]| ?x37)))
 (let ((?x232 (+ |x[0,0]| |c1[0]|)))
 (let ((?x238 (+ ?x232 |c2[0]|)))
 (let (($x231 (= ?x238 ?x240)))
 (not $x231)))))))
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
 (let ((?x49 (+ |c1[0]| |c2[0,0,0]|)))
 (let ((?x243 (+ |x[0,0]| ?x49)))
 (let ((?x232 (+ |x[0,0]| |c1[0]|)))
 (let ((?x242 (+ ?x232 |c2[0,0,0]|)))
 (let (($x244 (= ?x242 ?x243)))
 (not $x244)))))))
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
 (let ((?x54 (+ |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x241 (+ |x[0,0]| ?x54)))
 (let ((?x232 (+ |x[0,0]| |c1[0]|)))
 (let ((?x239 (+ ?x232 |c2[0,0,0,0]|)))
 (let (($x229 (= ?x239 ?x241)))
 (not $x229)))))))
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
 (let ((?x81 (+ |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x247 (+ |x[0,0]| ?x81)))
 (let ((?x245 (+ |x[0,0]| |c1[0,0,0]|)))
 (let ((?x246 (+ ?x245 |c2[0,0,0]|)))
 (let (($x248 (= ?x246 ?x247)))
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
 (let ((?x85 (+ |c1[0,0,0]| c2)))
 (let ((?x250 (+ |x[0,0]| ?x85)))
 (let ((?x245 (+ |x[0,0]| |c1[0,0,0]|)))
 (let ((?x249 (+ ?x245 c2)))
 (let (($x251 (= ?x249 ?x250)))
 (not $x251)))))))
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
 (let ((?x91 (+ |c1[0,0,0]| |c2[0]|)))
 (let ((?x253 (+ |x[0,0]| ?x91)))
 (let ((?x245 (+ |x[0,0]| |c1[0,0,0]|)))
 (let ((?x252 (+ ?x245 |c2[0]|)))
 (let (($x254 (= ?x252 ?x253)))
 (not $x254)))))))
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
 (let ((?x93 (+ |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x259 (+ |x[0,0]| ?x93)))
 (let ((?x245 (+ |x[0,0]| |c1[0,0,0]|)))
 (let ((?x257 (+ ?x245 |c2[0,0]|)))
 (let (($x256 (= ?x257 ?x259)))
 (not $x256)))))))
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
 (let ((?x97 (+ |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x263 (+ |x[0,0]| ?x97)))
 (let ((?x245 (+ |x[0,0]| |c1[0,0,0]|)))
 (let ((?x261 (+ ?x245 |c2[0,0,0,0]|)))
 (let (($x255 (= ?x261 ?x263)))
 (not $x255)))))))
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
 (let ((?x105 (+ |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x266 (+ |x[0,0]| ?x105)))
 (let ((?x264 (+ |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x265 (+ ?x264 |c2[0,0,0,0]|)))
 (let (($x262 (= ?x265 ?x266)))
 (not $x262)))))))
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
 (let ((?x103 (+ |c1[0,0,0,0]| c2)))
 (let ((?x267 (+ |x[0,0]| ?x103)))
 (let ((?x264 (+ |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x258 (+ ?x264 c2)))
 (let (($x270 (= ?x258 ?x267)))
 (not $x270)))))))
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
 (let ((?x111 (+ |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x272 (+ |x[0,0]| ?x111)))
 (let ((?x264 (+ |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x271 (+ ?x264 |c2[0]|)))
 (let (($x273 (= ?x271 ?x272)))
 (not $x273)))))))
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
 (let ((?x118 (+ |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x268 (+ |x[0,0]| ?x118)))
 (let ((?x264 (+ |x[0,0]| |c1[0,0,0,0]|)))
 (let ((?x260 (+ ?x264 |c2[0,0,0]|)))
 (let (($x269 (= ?x260 ?x268)))
 (not $x269)))))))
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
 (let ((?x81 (+ |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x280 (+ |x[0,0,0]| ?x81)))
 (let ((?x276 (+ |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x279 (+ ?x276 |c2[0,0,0]|)))
 (let (($x281 (= ?x279 ?x280)))
 (not $x281)))))))
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
 (let ((?x85 (+ |c1[0,0,0]| c2)))
 (let ((?x277 (+ |x[0,0,0]| ?x85)))
 (let ((?x276 (+ |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x282 (+ ?x276 c2)))
 (let (($x284 (= ?x282 ?x277)))
 (not $x284)))))))
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
 (let ((?x91 (+ |c1[0,0,0]| |c2[0]|)))
 (let ((?x286 (+ |x[0,0,0]| ?x91)))
 (let ((?x276 (+ |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x285 (+ ?x276 |c2[0]|)))
 (let (($x287 (= ?x285 ?x286)))
 (not $x287)))))))
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
 (let ((?x93 (+ |c1[0,0,0]| |c2[0,0]|)))
 (let ((?x278 (+ |x[0,0,0]| ?x93)))
 (let ((?x276 (+ |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x275 (+ ?x276 |c2[0,0]|)))
 (let (($x283 (= ?x275 ?x278)))
 (not $x283)))))))
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
 (let ((?x97 (+ |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x291 (+ |x[0,0,0]| ?x97)))
 (let ((?x276 (+ |x[0,0,0]| |c1[0,0,0]|)))
 (let ((?x290 (+ ?x276 |c2[0,0,0,0]|)))
 (let (($x292 (= ?x290 ?x291)))
 (not $x292)))))))
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
 (let ((?x29 (+ c1 |c2[0,0,0]|)))
 (let ((?x296 (+ |x[0,0,0]| ?x29)))
 (let ((?x293 (+ |x[0,0,0]| c1)))
 (let ((?x289 (+ ?x293 |c2[0,0,0]|)))
 (let (($x297 (= ?x289 ?x296)))
 (not $x297)))))))
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
 (let ((?x10 (+ c1 c2)))
 (let ((?x299 (+ |x[0,0,0]| ?x10)))
 (let ((?x293 (+ |x[0,0,0]| c1)))
 (let ((?x298 (+ ?x293 c2)))
 (let (($x288 (= ?x298 ?x299)))
 (not $x288)))))))
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
 (let ((?x15 (+ c1 |c2[0]|)))
 (let ((?x301 (+ |x[0,0,0]| ?x15)))
 (let ((?x293 (+ |x[0,0,0]| c1)))
 (let ((?x300 (+ ?x293 |c2[0]|)))
 (let (($x302 (= ?x300 ?x301)))
 (not $x302)))))))
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
 (let ((?x24 (+ c1 |c2[0,0]|)))
 (let ((?x304 (+ |x[0,0,0]| ?x24)))
 (let ((?x293 (+ |x[0,0,0]| c1)))
 (let ((?x295 (+ ?x293 |c2[0,0]|)))
 (let (($x305 (= ?x295 ?x304)))
 (not $x305)))))))
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
 (let ((?x23 (+ c1 |c2[0,0,0,0]|)))
 (let ((?x307 (+ |x[0,0,0]| ?x23)))
 (let ((?x293 (+ |x[0,0,0]| c1)))
 (let ((?x294 (+ ?x293 |c2[0,0,0,0]|)))
 (let (($x308 (= ?x294 ?x307)))
 (not $x308)))))))
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
 (let ((?x49 (+ |c1[0]| |c2[0,0,0]|)))
 (let ((?x303 (+ |x[0,0,0]| ?x49)))
 (let ((?x309 (+ |x[0,0,0]| |c1[0]|)))
 (let ((?x306 (+ ?x309 |c2[0,0,0]|)))
 (let (($x312 (= ?x306 ?x303)))
 (not $x312)))))))
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
 (let ((?x41 (+ |c1[0]| c2)))
 (let ((?x314 (+ |x[0,0,0]| ?x41)))
 (let ((?x309 (+ |x[0,0,0]| |c1[0]|)))
 (let ((?x313 (+ ?x309 c2)))
 (let (($x315 (= ?x313 ?x314)))
 (not $x315)))))))
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
 (let ((?x37 (+ |c1[0]| |c2[0]|)))
 (let ((?x311 (+ |x[0,0,0]| ?x37)))
 (let ((?x309 (+ |x[0,0,0]| |c1[0]|)))
 (let ((?x310 (+ ?x309 |c2[0]|)))
 (let (($x316 (= ?x310 ?x311)))
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
 (let ((?x47 (+ |c1[0]| |c2[0,0]|)))
 (let ((?x320 (+ |x[0,0,0]| ?x47)))
 (let ((?x309 (+ |x[0,0,0]| |c1[0]|)))
 (let ((?x319 (+ ?x309 |c2[0,0]|)))
 (let (($x321 (= ?x319 ?x320)))
 (not $x321)))))))
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
 (let ((?x54 (+ |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x317 (+ |x[0,0,0]| ?x54)))
 (let ((?x309 (+ |x[0,0,0]| |c1[0]|)))
 (let ((?x322 (+ ?x309 |c2[0,0,0,0]|)))
 (let (($x318 (= ?x322 ?x317)))
 (not $x318)))))))
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
 (let ((?x74 (+ |c1[0,0]| |c2[0,0,0]|)))
 (let ((?x325 (+ |x[0,0,0]| ?x74)))
 (let ((?x323 (+ |x[0,0,0]| |c1[0,0]|)))
 (let ((?x324 (+ ?x323 |c2[0,0,0]|)))
 (let (($x326 (= ?x324 ?x325)))
 (not $x326)))))))
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
 (let ((?x55 (+ |c1[0,0]| c2)))
 (let ((?x328 (+ |x[0,0,0]| ?x55)))
 (let ((?x323 (+ |x[0,0,0]| |c1[0,0]|)))
 (let ((?x327 (+ ?x323 c2)))
 (let (($x329 (= ?x327 ?x328)))
 (not $x329)))))))
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
 (let ((?x70 (+ |c1[0,0]| |c2[0]|)))
 (let ((?x331 (+ |x[0,0,0]| ?x70)))
 (let ((?x323 (+ |x[0,0,0]| |c1[0,0]|)))
 (let ((?x330 (+ ?x323 |c2[0]|)))
 (let (($x332 (= ?x330 ?x331)))
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
 (let ((?x62 (+ |c1[0,0]| |c2[0,0]|)))
 (let ((?x335 (+ |x[0,0,0]| ?x62)))
 (let ((?x323 (+ |x[0,0,0]| |c1[0,0]|)))
 (let ((?x333 (+ ?x323 |c2[0,0]|)))
 (let (($x338 (= ?x333 ?x335)))
 (not $x338)))))))
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
 (let ((?x75 (+ |c1[0,0]| |c2[0,0,0,0]|)))
 (let ((?x341 (+ |x[0,0,0]| ?x75)))
 (let ((?x323 (+ |x[0,0,0]| |c1[0,0]|)))
 (let ((?x339 (+ ?x323 |c2[0,0,0,0]|)))
 (let (($x337 (= ?x339 ?x341)))
 (not $x337)))))))
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
 (let ((?x105 (+ |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x344 (+ |x[0,0,0]| ?x105)))
 (let ((?x342 (+ |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x343 (+ ?x342 |c2[0,0,0,0]|)))
 (let (($x340 (= ?x343 ?x344)))
 (not $x340)))))))
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
 (let ((?x103 (+ |c1[0,0,0,0]| c2)))
 (let ((?x336 (+ |x[0,0,0]| ?x103)))
 (let ((?x342 (+ |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x334 (+ ?x342 c2)))
 (let (($x345 (= ?x334 ?x336)))
 (not $x345)))))))
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
 (let ((?x111 (+ |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x348 (+ |x[0,0,0]| ?x111)))
 (let ((?x342 (+ |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x346 (+ ?x342 |c2[0]|)))
 (let (($x351 (= ?x346 ?x348)))
 (not $x351)))))))
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
 (let ((?x118 (+ |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x353 (+ |x[0,0,0]| ?x118)))
 (let ((?x342 (+ |x[0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x352 (+ ?x342 |c2[0,0,0]|)))
 (let (($x354 (= ?x352 ?x353)))
 (not $x354)))))))
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
 (let ((?x105 (+ |c1[0,0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x355 (+ |x[0,0,0,0]| ?x105)))
 (let ((?x349 (+ |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x350 (+ ?x349 |c2[0,0,0,0]|)))
 (let (($x356 (= ?x350 ?x355)))
 (not $x356)))))))
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
 (let ((?x103 (+ |c1[0,0,0,0]| c2)))
 (let ((?x358 (+ |x[0,0,0,0]| ?x103)))
 (let ((?x349 (+ |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x357 (+ ?x349 c2)))
 (let (($x359 (= ?x357 ?x358)))
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
 (let ((?x111 (+ |c1[0,0,0,0]| |c2[0]|)))
 (let ((?x363 (+ |x[0,0,0,0]| ?x111)))
 (let ((?x349 (+ |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x362 (+ ?x349 |c2[0]|)))
 (let (($x364 (= ?x362 ?x363)))
 (not $x364)))))))
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
 (let ((?x118 (+ |c1[0,0,0,0]| |c2[0,0,0]|)))
 (let ((?x367 (+ |x[0,0,0,0]| ?x118)))
 (let ((?x349 (+ |x[0,0,0,0]| |c1[0,0,0,0]|)))
 (let ((?x361 (+ ?x349 |c2[0,0,0]|)))
 (let (($x366 (= ?x361 ?x367)))
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
 (let ((?x23 (+ c1 |c2[0,0,0,0]|)))
 (let ((?x360 (+ |x[0,0,0,0]| ?x23)))
 (let ((?x368 (+ |x[0,0,0,0]| c1)))
 (let ((?x365 (+ ?x368 |c2[0,0,0,0]|)))
 (let (($x371 (= ?x365 ?x360)))
 (not $x371)))))))
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
 (let ((?x10 (+ c1 c2)))
 (let ((?x374 (+ |x[0,0,0,0]| ?x10)))
 (let ((?x368 (+ |x[0,0,0,0]| c1)))
 (let ((?x372 (+ ?x368 c2)))
 (let (($x375 (= ?x372 ?x374)))
 (not $x375)))))))
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
 (let ((?x15 (+ c1 |c2[0]|)))
 (let ((?x378 (+ |x[0,0,0,0]| ?x15)))
 (let ((?x368 (+ |x[0,0,0,0]| c1)))
 (let ((?x376 (+ ?x368 |c2[0]|)))
 (let (($x370 (= ?x376 ?x378)))
 (not $x370)))))))
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
 (let ((?x29 (+ c1 |c2[0,0,0]|)))
 (let ((?x381 (+ |x[0,0,0,0]| ?x29)))
 (let ((?x368 (+ |x[0,0,0,0]| c1)))
 (let ((?x379 (+ ?x368 |c2[0,0,0]|)))
 (let (($x380 (= ?x379 ?x381)))
 (not $x380)))))))
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
 (let ((?x54 (+ |c1[0]| |c2[0,0,0,0]|)))
 (let ((?x384 (+ |x[0,0,0,0]| ?x54)))
 (let ((?x377 (+ |x[0,0,0,0]| |c1[0]|)))
 (let ((?x369 (+ ?x377 |c2[0,0,0,0]|)))
 (let (($x385 (= ?x369 ?x384)))
 (not $x385)))))))
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
 (let ((?x41 (+ |c1[0]| c2)))
 (let ((?x373 (+ |x[0,0,0,0]| ?x41)))
 (let ((?x377 (+ |x[0,0,0,0]| |c1[0]|)))
 (let ((?x386 (+ ?x377 c2)))
 (let (($x387 (= ?x386 ?x373)))
 (not $x387)))))))
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
 (let ((?x37 (+ |c1[0]| |c2[0]|)))
 (let ((?x383 (+ |x[0,0,0,0]| ?x37)))
 (let ((?x377 (+ |x[0,0,0,0]| |c1[0]|)))
 (let ((?x382 (+ ?x377 |c2[0]|)))
 (let (($x388 (= ?x382 ?x383)))
 (not $x388)))))))
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
 (let ((?x49 (+ |c1[0]| |c2[0,0,0]|)))
 (let ((?x390 (+ |x[0,0,0,0]| ?x49)))
 (let ((?x377 (+ |x[0,0,0,0]| |c1[0]|)))
 (let ((?x389 (+ ?x377 |c2[0,0,0]|)))
 (let (($x391 (= ?x389 ?x390)))
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
 (let ((?x97 (+ |c1[0,0,0]| |c2[0,0,0,0]|)))
 (let ((?x395 (+ |x[0,0,0,0]| ?x97)))
 (let ((?x394 (+ |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x396 (+ ?x394 |c2[0,0,0,0]|)))
 (let (($x397 (= ?x396 ?x395)))
 (not $x397)))))))
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
 (let ((?x85 (+ |c1[0,0,0]| c2)))
 (let ((?x393 (+ |x[0,0,0,0]| ?x85)))
 (let ((?x394 (+ |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x392 (+ ?x394 c2)))
 (let (($x398 (= ?x392 ?x393)))
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
 (let ((?x91 (+ |c1[0,0,0]| |c2[0]|)))
 (let ((?x403 (+ |x[0,0,0,0]| ?x91)))
 (let ((?x394 (+ |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x401 (+ ?x394 |c2[0]|)))
 (let (($x400 (= ?x401 ?x403)))
 (not $x400)))))))
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
 (let ((?x81 (+ |c1[0,0,0]| |c2[0,0,0]|)))
 (let ((?x407 (+ |x[0,0,0,0]| ?x81)))
 (let ((?x394 (+ |x[0,0,0,0]| |c1[0,0,0]|)))
 (let ((?x405 (+ ?x394 |c2[0,0,0]|)))
 (let (($x406 (= ?x405 ?x407)))
 (not $x406)))))))
(check-sat)
