; instance 1: %x: (1, 1, 1, 1), %b: (1), %c: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |c[0,0,0]| () Real)
(declare-fun |b[0]| () Real)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x12 (and true true)))
 (let (($x13 (and $x12 true)))
 (and $x13 true))))
(assert
 (let ((?x10 (+ |b[0]| |c[0,0,0]|)))
 (let ((?x11 (+ |x[0,0,0,0]| ?x10)))
 (let ((?x8 (+ |x[0,0,0,0]| |b[0]|)))
 (let ((?x9 (+ ?x8 |c[0,0,0]|)))
 (let (($x15 (= ?x9 ?x11)))
 (not $x15)))))))
(check-sat)
