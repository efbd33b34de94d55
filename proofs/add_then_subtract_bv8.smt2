; instance 1: %x: (), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun x () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd x c) c))
; claims
(assert (not (= s!0 x)))
(check-sat)
(reset)
; instance 2: %x: (1), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd |x[0]| c) c))
; claims
(assert (not (= s!0 |x[0]|)))
(check-sat)
(reset)
; instance 3: %x: (1, 1), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd |x[0,0]| c) c))
; claims
(assert (not (= s!0 |x[0,0]|)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd |x[0,0,0]| c) c))
; claims
(assert (not (= s!0 |x[0,0,0]|)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd |x[0,0,0,0]| c) c))
; claims
(assert (not (= s!0 |x[0,0,0,0]|)))
(check-sat)
(reset)
; instance 32: %x: (), %c: ()
; logic QF_BV
(set-logic ALL)
(declare-fun x () (_ BitVec 8))
(declare-fun c () (_ BitVec 8))
; hypotheses
(assert (and true true))
; source side
(define-fun s!0 () (_ BitVec 8) (bvsub (bvadd x c) c))
; claims
(assert (not (= s!0 x)))
(check-sat)
