; instance 1: %x: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () Real)
(assert
 (let ((?x7 (* 1.0 x)))
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
 (let ((?x10 (* 1.0 |x[0]|)))
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
 (let ((?x14 (* 1.0 |x[0,0]|)))
 (let (($x15 (= ?x14 |x[0,0]|)))
 (not $x15))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(assert
 (let ((?x17 (* 1.0 |x[0,0,0]|)))
 (let (($x18 (= ?x17 |x[0,0,0]|)))
 (not $x18))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 (let ((?x20 (* 1.0 |x[0,0,0,0]|)))
 (let (($x21 (= ?x20 |x[0,0,0,0]|)))
 (not $x21))))
(check-sat)
