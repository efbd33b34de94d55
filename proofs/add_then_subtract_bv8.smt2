; instance 1: %x: (), %c: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun x () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
(assert
 (and true true))
(assert
 (let ((?x7 (bvadd x c)))
 (let ((?x8 (bvsub ?x7 c)))
 (let (($x10 (= ?x8 x)))
 (not $x10)))))
(check-sat)
(reset)
; instance 2: %x: (1), %c: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
(assert
 (and true true))
(assert
 (let ((?x11 (bvadd |x[0]| c)))
 (let ((?x12 (bvsub ?x11 c)))
 (let (($x15 (= ?x12 |x[0]|)))
 (not $x15)))))
(check-sat)
(reset)
; instance 3: %x: (1, 1), %c: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
(assert
 (and true true))
(assert
 (let ((?x16 (bvadd |x[0,0]| c)))
 (let ((?x13 (bvsub ?x16 c)))
 (let (($x14 (= ?x13 |x[0,0]|)))
 (not $x14)))))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1), %c: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
(assert
 (and true true))
(assert
 (let ((?x18 (bvadd |x[0,0,0]| c)))
 (let ((?x19 (bvsub ?x18 c)))
 (let (($x23 (= ?x19 |x[0,0,0]|)))
 (not $x23)))))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1), %c: ()
; logic QF_BV
; vfuse
(set-info :status unknown)
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
(assert
 (and true true))
(assert
 (let ((?x24 (bvadd |x[0,0,0,0]| c)))
 (let ((?x20 (bvsub ?x24 c)))
 (let (($x27 (= ?x20 |x[0,0,0,0]|)))
 (not $x27)))))
(check-sat)
