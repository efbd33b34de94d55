; instance 1: %x: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () Real)
(assert
 true)
(assert
 (let (($x7 (< x 0.0)))
 (let ((?x8 (ite $x7 0.0 x)))
 (let (($x9 (< ?x8 0.0)))
 (let ((?x10 (ite $x9 0.0 ?x8)))
 (let (($x11 (= ?x10 ?x8)))
 (not $x11)))))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () Real)
(assert
 true)
(assert
 (let (($x16 (< |x[0]| 0.0)))
 (let ((?x24 (ite $x16 0.0 |x[0]|)))
 (let (($x38 (< ?x24 0.0)))
 (let ((?x44 (ite $x38 0.0 ?x24)))
 (let (($x12 (= ?x44 ?x24)))
 (not $x12)))))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(assert
 true)
(assert
 (let (($x43 (< |x[0,0]| 0.0)))
 (let ((?x34 (ite $x43 0.0 |x[0,0]|)))
 (let (($x26 (< ?x34 0.0)))
 (let ((?x57 (ite $x26 0.0 ?x34)))
 (let (($x54 (= ?x57 ?x34)))
 (not $x54)))))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x45 (< |x[0,0,0]| 0.0)))
 (let ((?x32 (ite $x45 0.0 |x[0,0,0]|)))
 (let (($x21 (< ?x32 0.0)))
 (let ((?x55 (ite $x21 0.0 ?x32)))
 (let (($x65 (= ?x55 ?x32)))
 (not $x65)))))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 true)
(assert
 (let (($x56 (< |x[0,0,0,0]| 0.0)))
 (let ((?x47 (ite $x56 0.0 |x[0,0,0,0]|)))
 (let (($x48 (< ?x47 0.0)))
 (let ((?x73 (ite $x48 0.0 ?x47)))
 (let (($x37 (= ?x73 ?x47)))
 (not $x37)))))))
(check-sat)
