; instance 1: %x: ()
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv127 8) (_ bv0 23))))
 (let ((?x11 (fp.mul roundNearestTiesToEven x ?x9)))
 (let (($x12 (= ?x11 x)))
 (not $x12)))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv127 8) (_ bv0 23))))
 (let ((?x43 (fp.mul roundNearestTiesToEven |x[0]| ?x9)))
 (let (($x44 (= ?x43 |x[0]|)))
 (not $x44)))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv127 8) (_ bv0 23))))
 (let ((?x25 (fp.mul roundNearestTiesToEven |x[0,0]| ?x9)))
 (let (($x39 (= ?x25 |x[0,0]|)))
 (not $x39)))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv127 8) (_ bv0 23))))
 (let ((?x40 (fp.mul roundNearestTiesToEven |x[0,0,0]| ?x9)))
 (let (($x29 (= ?x40 |x[0,0,0]|)))
 (not $x29)))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv127 8) (_ bv0 23))))
 (let ((?x32 (fp.mul roundNearestTiesToEven |x[0,0,0,0]| ?x9)))
 (let (($x27 (= ?x32 |x[0,0,0,0]|)))
 (not $x27)))))
(check-sat)
