; instance 1: %x: ()
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))))
 (let (($x10 (fp.lt x ?x9)))
 (let ((?x11 (ite $x10 ?x9 x)))
 (let (($x12 (fp.lt ?x11 ?x9)))
 (let ((?x13 (ite $x12 ?x9 ?x11)))
 (let (($x14 (= ?x13 ?x11)))
 (not $x14))))))))
(check-sat)
(reset)
; instance 2: %x: (1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))))
 (let (($x18 (fp.lt |x[0]| ?x9)))
 (let ((?x19 (ite $x18 ?x9 |x[0]|)))
 (let (($x20 (fp.lt ?x19 ?x9)))
 (let ((?x21 (ite $x20 ?x9 ?x19)))
 (let (($x51 (= ?x21 ?x19)))
 (not $x51))))))))
(check-sat)
(reset)
; instance 3: %x: (1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))))
 (let (($x34 (fp.lt |x[0,0]| ?x9)))
 (let ((?x46 (ite $x34 ?x9 |x[0,0]|)))
 (let (($x41 (fp.lt ?x46 ?x9)))
 (let ((?x103 (ite $x41 ?x9 ?x46)))
 (let (($x101 (= ?x103 ?x46)))
 (not $x101))))))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))))
 (let (($x62 (fp.lt |x[0,0,0]| ?x9)))
 (let ((?x29 (ite $x62 ?x9 |x[0,0,0]|)))
 (let (($x44 (fp.lt ?x29 ?x9)))
 (let ((?x52 (ite $x44 ?x9 ?x29)))
 (let (($x54 (= ?x52 ?x29)))
 (not $x54))))))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1)
; logic QF_FP
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ FloatingPoint 8 24))
(assert
 (let ((?x9 (fp (_ bv0 1) (_ bv0 8) (_ bv0 23))))
 (let (($x149 (fp.lt |x[0,0,0,0]| ?x9)))
 (let ((?x17 (ite $x149 ?x9 |x[0,0,0,0]|)))
 (let (($x40 (fp.lt ?x17 ?x9)))
 (let ((?x53 (ite $x40 ?x9 ?x17)))
 (let (($x57 (= ?x53 ?x17)))
 (not $x57))))))))
(check-sat)
