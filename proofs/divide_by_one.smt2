; instance 1: %x: ()
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () Real)
(assert
 (let (($x8 (= 1.0 0.0)))
 (not $x8)))
(assert
 (let ((?x10 (/ x 1.0)))
 (let (($x11 (= ?x10 x)))
 (not $x11))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () Real)
(assert
 (let (($x8 (= 1.0 0.0)))
 (not $x8)))
(assert
 (let ((?x13 (/ |x[0]| 1.0)))
 (let (($x14 (= ?x13 |x[0]|)))
 (not $x14))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () Real)
(assert
 (let (($x8 (= 1.0 0.0)))
 (not $x8)))
(assert
 (let ((?x17 (/ |x[0,0]| 1.0)))
 (let (($x18 (= ?x17 |x[0,0]|)))
 (not $x18))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () Real)
(assert
 (let (($x8 (= 1.0 0.0)))
 (not $x8)))
(assert
 (let ((?x16 (/ |x[0,0,0]| 1.0)))
 (let (($x20 (= ?x16 |x[0,0,0]|)))
 (not $x20))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_NRA
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () Real)
(assert
 (let (($x8 (= 1.0 0.0)))
 (not $x8)))
(assert
 (let ((?x23 (/ |x[0,0,0,0]| 1.0)))
 (let (($x24 (= ?x23 |x[0,0,0,0]|)))
 (not $x24))))
(check-sat)
