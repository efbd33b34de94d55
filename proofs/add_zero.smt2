; instance 1: %x: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () Real)
(assert
 (let ((?x7 (+ x 0.0)))
 (let (($x8 (= ?x7 x)))
 (not $x8))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () Real)
(assert
 (let ((?x10 (+ |x[0]| 0.0)))
 (let (($x11 (= ?x10 |x[0]|)))
 (not $x11))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(assert
 (let ((?x13 (+ |x[0,0]| 0.0)))
 (let (($x14 (= ?x13 |x[0,0]|)))
 (not $x14))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(assert
 (let ((?x16 (+ |x[0,0,0]| 0.0)))
 (let (($x17 (= ?x16 |x[0,0,0]|)))
 (not $x17))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 (let ((?x19 (+ |x[0,0,0,0]| 0.0)))
 (let (($x20 (= ?x19 |x[0,0,0,0]|)))
 (not $x20))))
(check-sat)
