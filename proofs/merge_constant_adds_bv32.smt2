; instance 1: %x: (), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun x () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd x a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd x (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 2: %x: (1), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0]| () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd |x[0]| a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd |x[0]| (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 3: %x: (1, 1), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0]| () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd |x[0,0]| a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd |x[0,0]| (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 4: %x: (1, 1, 1), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0,0]| () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd |x[0,0,0]| a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd |x[0,0,0]| (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 5: %x: (1, 1, 1, 1), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun |x[0,0,0,0]| () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd |x[0,0,0,0]| a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd |x[0,0,0,0]| (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
(reset)
; instance 32: %x: (), %a: (), %b: ()
; logic QF_BV
(set-logic ALL)
(declare-fun x () (_ BitVec 32))
(declare-fun a () (_ BitVec 32))
(declare-fun b () (_ BitVec 32))
; hypotheses
(assert (and (and true true) true))
; source side
(define-fun s!0 () (_ BitVec 32) (bvadd (bvadd x a) b))
; target side
(define-fun t!0 () (_ BitVec 32) (bvadd x (bvadd a b)))
; claims
(assert (not (= s!0 t!0)))
(check-sat)
