; instance 1: %x: ()
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
(assert
 (let ((?x12 (fp.add roundNearestTiesToEven x x)))
 (let ((?x9 (fp (_ bv0 1) (_ bv128 8) (_ bv0 23))))
 (let ((?x11 (fp.mul roundNearestTiesToEven x ?x9)))
 (let (($x13 (= ?x11 ?x12)))
 (not $x13))))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x47 (fp.add roundNearestTiesToEven |x[0]| |x[0]|)))
 (let ((?x9 (fp (_ bv0 1) (_ bv128 8) (_ bv0 23))))
 (let ((?x46 (fp.mul roundNearestTiesToEven |x[0]| ?x9)))
 (let (($x48 (= ?x46 ?x47)))
 (not $x48))))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x21 (fp.add roundNearestTiesToEven |x[0,0]| |x[0,0]|)))
 (let ((?x9 (fp (_ bv0 1) (_ bv128 8) (_ bv0 23))))
 (let ((?x32 (fp.mul roundNearestTiesToEven |x[0,0]| ?x9)))
 (let (($x61 (= ?x32 ?x21)))
 (not $x61))))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x28 (fp.add roundNearestTiesToEven |x[0,0,0]| |x[0,0,0]|)))
 (let ((?x9 (fp (_ bv0 1) (_ bv128 8) (_ bv0 23))))
 (let ((?x30 (fp.mul roundNearestTiesToEven |x[0,0,0]| ?x9)))
 (let (($x45 (= ?x30 ?x28)))
 (not $x45))))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x2922 (fp.add roundNearestTiesToEven |x[0,0,0,0]| |x[0,0,0,0]|)))
 (let ((?x9 (fp (_ bv0 1) (_ bv128 8) (_ bv0 23))))
 (let ((?x54 (fp.mul roundNearestTiesToEven |x[0,0,0,0]| ?x9)))
 (let (($x18 (= ?x54 ?x2922)))
 (not $x18))))))
(check-sat)
