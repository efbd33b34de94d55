; instance 1: %x: (), %s: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun s () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x14 (< 0.0 s)))
 (and true $x14)))
(assert
 (let (($x11 (< x 0.0)))
 (let ((?x12 (ite $x11 0.0 x)))
 (let ((?x13 (* ?x12 s)))
 (let ((?x7 (* x s)))
 (let (($x9 (< ?x7 0.0)))
 (let ((?x10 (ite $x9 0.0 ?x7)))
 (let (($x16 (= ?x10 ?x13)))
 (not $x16)))))))))
(check-sat)
(reset)
; instance 2: %x: (), %s: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x26 (< 0.0 |s[0]|)))
 (and true $x26)))
(assert
 (let (($x11 (< x 0.0)))
 (let ((?x12 (ite $x11 0.0 x)))
 (let ((?x30 (* ?x12 |s[0]|)))
 (let ((?x38 (* x |s[0]|)))
 (let (($x29 (< ?x38 0.0)))
 (let ((?x42 (ite $x29 0.0 ?x38)))
 (let (($x20 (= ?x42 ?x30)))
 (not $x20)))))))))
(check-sat)
(reset)
; instance 3: %x: (), %s: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x56 (< 0.0 |s[0,0]|)))
 (and true $x56)))
(assert
 (let (($x11 (< x 0.0)))
 (let ((?x12 (ite $x11 0.0 x)))
 (let ((?x76 (* ?x12 |s[0,0]|)))
 (let ((?x27 (* x |s[0,0]|)))
 (let (($x24 (< ?x27 0.0)))
 (let ((?x64 (ite $x24 0.0 ?x27)))
 (let (($x47 (= ?x64 ?x76)))
 (not $x47)))))))))
(check-sat)
(reset)
; instance 4: %x: (), %s: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x65 (< 0.0 |s[0,0,0]|)))
 (and true $x65)))
(assert
 (let (($x11 (< x 0.0)))
 (let ((?x12 (ite $x11 0.0 x)))
 (let ((?x46 (* ?x12 |s[0,0,0]|)))
 (let ((?x33 (* x |s[0,0,0]|)))
 (let (($x44 (< ?x33 0.0)))
 (let ((?x54 (ite $x44 0.0 ?x33)))
 (let (($x72 (= ?x54 ?x46)))
 (not $x72)))))))))
(check-sat)
(reset)
; instance 5: %x: (), %s: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x32 (< 0.0 |s[0,0,0,0]|)))
 (and true $x32)))
(assert
 (let (($x11 (< x 0.0)))
 (let ((?x12 (ite $x11 0.0 x)))
 (let ((?x67 (* ?x12 |s[0,0,0,0]|)))
 (let ((?x59 (* x |s[0,0,0,0]|)))
 (let (($x94 (< ?x59 0.0)))
 (let ((?x75 (ite $x94 0.0 ?x59)))
 (let (($x28 (= ?x75 ?x67)))
 (not $x28)))))))))
(check-sat)
(reset)
; instance 6: %x: (1), %s: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x26 (< 0.0 |s[0]|)))
 (and true $x26)))
(assert
 (let (($x57 (< |x[0]| 0.0)))
 (let ((?x55 (ite $x57 0.0 |x[0]|)))
 (let ((?x69 (* ?x55 |s[0]|)))
 (let ((?x60 (* |x[0]| |s[0]|)))
 (let (($x95 (< ?x60 0.0)))
 (let ((?x79 (ite $x95 0.0 ?x60)))
 (let (($x83 (= ?x79 ?x69)))
 (not $x83)))))))))
(check-sat)
(reset)
; instance 7: %x: (1), %s: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x14 (< 0.0 s)))
 (and true $x14)))
(assert
 (let (($x57 (< |x[0]| 0.0)))
 (let ((?x55 (ite $x57 0.0 |x[0]|)))
 (let ((?x107 (* ?x55 s)))
 (let ((?x74 (* |x[0]| s)))
 (let (($x51 (< ?x74 0.0)))
 (let ((?x62 (ite $x51 0.0 ?x74)))
 (let (($x25 (= ?x62 ?x107)))
 (not $x25)))))))))
(check-sat)
(reset)
; instance 8: %x: (1), %s: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x56 (< 0.0 |s[0,0]|)))
 (and true $x56)))
(assert
 (let (($x57 (< |x[0]| 0.0)))
 (let ((?x55 (ite $x57 0.0 |x[0]|)))
 (let ((?x122 (* ?x55 |s[0,0]|)))
 (let ((?x78 (* |x[0]| |s[0,0]|)))
 (let (($x90 (< ?x78 0.0)))
 (let ((?x103 (ite $x90 0.0 ?x78)))
 (let (($x91 (= ?x103 ?x122)))
 (not $x91)))))))))
(check-sat)
(reset)
; instance 9: %x: (1), %s: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x65 (< 0.0 |s[0,0,0]|)))
 (and true $x65)))
(assert
 (let (($x57 (< |x[0]| 0.0)))
 (let ((?x55 (ite $x57 0.0 |x[0]|)))
 (let ((?x120 (* ?x55 |s[0,0,0]|)))
 (let ((?x93 (* |x[0]| |s[0,0,0]|)))
 (let (($x117 (< ?x93 0.0)))
 (let ((?x40 (ite $x117 0.0 ?x93)))
 (let (($x105 (= ?x40 ?x120)))
 (not $x105)))))))))
(check-sat)
(reset)
; instance 10: %x: (1), %s: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x32 (< 0.0 |s[0,0,0,0]|)))
 (and true $x32)))
(assert
 (let (($x57 (< |x[0]| 0.0)))
 (let ((?x55 (ite $x57 0.0 |x[0]|)))
 (let ((?x104 (* ?x55 |s[0,0,0,0]|)))
 (let ((?x92 (* |x[0]| |s[0,0,0,0]|)))
 (let (($x135 (< ?x92 0.0)))
 (let ((?x114 (ite $x135 0.0 ?x92)))
 (let (($x97 (= ?x114 ?x104)))
 (not $x97)))))))))
(check-sat)
(reset)
; instance 11: %x: (1, 1), %s: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x56 (< 0.0 |s[0,0]|)))
 (and true $x56)))
(assert
 (let (($x82 (< |x[0,0]| 0.0)))
 (let ((?x61 (ite $x82 0.0 |x[0,0]|)))
 (let ((?x129 (* ?x61 |s[0,0]|)))
 (let ((?x138 (* |x[0,0]| |s[0,0]|)))
 (let (($x111 (< ?x138 0.0)))
 (let ((?x131 (ite $x111 0.0 ?x138)))
 (let (($x102 (= ?x131 ?x129)))
 (not $x102)))))))))
(check-sat)
(reset)
; instance 12: %x: (1, 1), %s: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x14 (< 0.0 s)))
 (and true $x14)))
(assert
 (let (($x82 (< |x[0,0]| 0.0)))
 (let ((?x61 (ite $x82 0.0 |x[0,0]|)))
 (let ((?x101 (* ?x61 s)))
 (let ((?x148 (* |x[0,0]| s)))
 (let (($x139 (< ?x148 0.0)))
 (let ((?x110 (ite $x139 0.0 ?x148)))
 (let (($x81 (= ?x110 ?x101)))
 (not $x81)))))))))
(check-sat)
(reset)
; instance 13: %x: (1, 1), %s: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x26 (< 0.0 |s[0]|)))
 (and true $x26)))
(assert
 (let (($x82 (< |x[0,0]| 0.0)))
 (let ((?x61 (ite $x82 0.0 |x[0,0]|)))
 (let ((?x88 (* ?x61 |s[0]|)))
 (let ((?x80 (* |x[0,0]| |s[0]|)))
 (let (($x160 (< ?x80 0.0)))
 (let ((?x149 (ite $x160 0.0 ?x80)))
 (let (($x124 (= ?x149 ?x88)))
 (not $x124)))))))))
(check-sat)
(reset)
; instance 14: %x: (1, 1), %s: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x65 (< 0.0 |s[0,0,0]|)))
 (and true $x65)))
(assert
 (let (($x82 (< |x[0,0]| 0.0)))
 (let ((?x61 (ite $x82 0.0 |x[0,0]|)))
 (let ((?x41 (* ?x61 |s[0,0,0]|)))
 (let ((?x71 (* |x[0,0]| |s[0,0,0]|)))
 (let (($x152 (< ?x71 0.0)))
 (let ((?x143 (ite $x152 0.0 ?x71)))
 (let (($x140 (= ?x143 ?x41)))
 (not $x140)))))))))
(check-sat)
(reset)
; instance 15: %x: (1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x32 (< 0.0 |s[0,0,0,0]|)))
 (and true $x32)))
(assert
 (let (($x82 (< |x[0,0]| 0.0)))
 (let ((?x61 (ite $x82 0.0 |x[0,0]|)))
 (let ((?x123 (* ?x61 |s[0,0,0,0]|)))
 (let ((?x157 (* |x[0,0]| |s[0,0,0,0]|)))
 (let (($x165 (< ?x157 0.0)))
 (let ((?x115 (ite $x165 0.0 ?x157)))
 (let (($x145 (= ?x115 ?x123)))
 (not $x145)))))))))
(check-sat)
(reset)
; instance 16: %x: (1, 1, 1), %s: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x65 (< 0.0 |s[0,0,0]|)))
 (and true $x65)))
(assert
 (let (($x146 (< |x[0,0,0]| 0.0)))
 (let ((?x154 (ite $x146 0.0 |x[0,0,0]|)))
 (let ((?x98 (* ?x154 |s[0,0,0]|)))
 (let ((?x126 (* |x[0,0,0]| |s[0,0,0]|)))
 (let (($x158 (< ?x126 0.0)))
 (let ((?x136 (ite $x158 0.0 ?x126)))
 (let (($x130 (= ?x136 ?x98)))
 (not $x130)))))))))
(check-sat)
(reset)
; instance 17: %x: (1, 1, 1), %s: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x14 (< 0.0 s)))
 (and true $x14)))
(assert
 (let (($x146 (< |x[0,0,0]| 0.0)))
 (let ((?x154 (ite $x146 0.0 |x[0,0,0]|)))
 (let ((?x108 (* ?x154 s)))
 (let ((?x173 (* |x[0,0,0]| s)))
 (let (($x166 (< ?x173 0.0)))
 (let ((?x112 (ite $x166 0.0 ?x173)))
 (let (($x89 (= ?x112 ?x108)))
 (not $x89)))))))))
(check-sat)
(reset)
; instance 18: %x: (1, 1, 1), %s: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x26 (< 0.0 |s[0]|)))
 (and true $x26)))
(assert
 (let (($x146 (< |x[0,0,0]| 0.0)))
 (let ((?x154 (ite $x146 0.0 |x[0,0,0]|)))
 (let ((?x68 (* ?x154 |s[0]|)))
 (let ((?x133 (* |x[0,0,0]| |s[0]|)))
 (let (($x189 (< ?x133 0.0)))
 (let ((?x162 (ite $x189 0.0 ?x133)))
 (let (($x170 (= ?x162 ?x68)))
 (not $x170)))))))))
(check-sat)
(reset)
; instance 19: %x: (1, 1, 1), %s: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x56 (< 0.0 |s[0,0]|)))
 (and true $x56)))
(assert
 (let (($x146 (< |x[0,0,0]| 0.0)))
 (let ((?x154 (ite $x146 0.0 |x[0,0,0]|)))
 (let ((?x134 (* ?x154 |s[0,0]|)))
 (let ((?x127 (* |x[0,0,0]| |s[0,0]|)))
 (let (($x178 (< ?x127 0.0)))
 (let ((?x184 (ite $x178 0.0 ?x127)))
 (let (($x121 (= ?x184 ?x134)))
 (not $x121)))))))))
(check-sat)
(reset)
; instance 20: %x: (1, 1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x32 (< 0.0 |s[0,0,0,0]|)))
 (and true $x32)))
(assert
 (let (($x146 (< |x[0,0,0]| 0.0)))
 (let ((?x154 (ite $x146 0.0 |x[0,0,0]|)))
 (let ((?x125 (* ?x154 |s[0,0,0,0]|)))
 (let ((?x164 (* |x[0,0,0]| |s[0,0,0,0]|)))
 (let (($x196 (< ?x164 0.0)))
 (let ((?x116 (ite $x196 0.0 ?x164)))
 (let (($x185 (= ?x116 ?x125)))
 (not $x185)))))))))
(check-sat)
(reset)
; instance 21: %x: (1, 1, 1, 1), %s: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x32 (< 0.0 |s[0,0,0,0]|)))
 (and true $x32)))
(assert
 (let (($x180 (< |x[0,0,0,0]| 0.0)))
 (let ((?x192 (ite $x180 0.0 |x[0,0,0,0]|)))
 (let ((?x132 (* ?x192 |s[0,0,0,0]|)))
 (let ((?x199 (* |x[0,0,0,0]| |s[0,0,0,0]|)))
 (let (($x163 (< ?x199 0.0)))
 (let ((?x177 (ite $x163 0.0 ?x199)))
 (let (($x167 (= ?x177 ?x132)))
 (not $x167)))))))))
(check-sat)
(reset)
; instance 22: %x: (1, 1, 1, 1), %s: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun s () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x14 (< 0.0 s)))
 (and true $x14)))
(assert
 (let (($x180 (< |x[0,0,0,0]| 0.0)))
 (let ((?x192 (ite $x180 0.0 |x[0,0,0,0]|)))
 (let ((?x106 (* ?x192 s)))
 (let ((?x186 (* |x[0,0,0,0]| s)))
 (let (($x151 (< ?x186 0.0)))
 (let ((?x194 (ite $x151 0.0 ?x186)))
 (let (($x175 (= ?x194 ?x106)))
 (not $x175)))))))))
(check-sat)
(reset)
; instance 23: %x: (1, 1, 1, 1), %s: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x26 (< 0.0 |s[0]|)))
 (and true $x26)))
(assert
 (let (($x180 (< |x[0,0,0,0]| 0.0)))
 (let ((?x192 (ite $x180 0.0 |x[0,0,0,0]|)))
 (let ((?x172 (* ?x192 |s[0]|)))
 (let ((?x156 (* |x[0,0,0,0]| |s[0]|)))
 (let (($x193 (< ?x156 0.0)))
 (let ((?x187 (ite $x193 0.0 ?x156)))
 (let (($x174 (= ?x187 ?x172)))
 (not $x174)))))))))
(check-sat)
(reset)
; instance 24: %x: (1, 1, 1, 1), %s: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |s[0,0,0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x65 (< 0.0 |s[0,0,0]|)))
 (and true $x65)))
(assert
 (let (($x180 (< |x[0,0,0,0]| 0.0)))
 (let ((?x192 (ite $x180 0.0 |x[0,0,0,0]|)))
 (let ((?x207 (* ?x192 |s[0,0,0]|)))
 (let ((?x141 (* |x[0,0,0,0]| |s[0,0,0]|)))
 (let (($x217 (< ?x141 0.0)))
 (let ((?x155 (ite $x217 0.0 ?x141)))
 (let (($x182 (= ?x155 ?x207)))
 (not $x182)))))))))
(check-sat)
